import { useParams } from 'react-router-dom';
import { StoryArticle } from '@/features/stories/components/story-article';

export default function StoryDetailPage() {
  const { slug = '' } = useParams();
  return <StoryArticle slug={slug} />;
}
