import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose validation code (zod and the schema) loads when the form is first
 * validated, not with the page: a prerendered form hydrates without it. Loaded once, then reused.
 */
export function lazyResolver<Values extends FieldValues>(
  load: () => Promise<Resolver<Values>>,
): Resolver<Values> {
  let loading: Promise<Resolver<Values>> | undefined;
  return async (values, context, options) => {
    loading ??= load();
    const resolver = await loading.catch((error: unknown) => {
      // A failed download (offline) may succeed on the next attempt.
      loading = undefined;
      throw error;
    });
    return resolver(values, context, options);
  };
}
