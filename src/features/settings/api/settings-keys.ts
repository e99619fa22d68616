export const settingsKeys = {
  all: ['settings'] as const,
  fondue: () => [...settingsKeys.all, 'fondue'] as const,
};
