import { Seo } from '@/components/layout/seo';
import { storiesHero, storiesText } from '@/content/stories';
import { ImageHero } from '@/features/pages/components/image-hero';
import { Section } from '@/features/pages/components/section';
import { SocialFeed } from '@/features/stories/components/social-feed';
import { StoryList } from '@/features/stories/components/story-list';

export default function StoriesPage() {
  return (
    <>
      <Seo title="Stories" description={storiesHero.lead} path="/stories" image={storiesHero.image.ogSrc} />
      <ImageHero hero={storiesHero} />
      <Section title={storiesText.listTitle}>
        <StoryList />
      </Section>
      <Section title={storiesText.feedTitle} tone="muted">
        <SocialFeed />
      </Section>
    </>
  );
}
