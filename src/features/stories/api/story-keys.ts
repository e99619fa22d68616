export const storyKeys = {
  all: ['blog-posts'] as const,
  published: () => [...storyKeys.all, 'published'] as const,
  bySlug: (slug: string) => [...storyKeys.all, 'slug', slug] as const,
};
