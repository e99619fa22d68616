import { screen, waitFor } from '@testing-library/react';

/** The toast whose title is `title`; toasts are the Toaster's list items. */
export function findToast(title: string, timeout = 5_000): Promise<HTMLElement> {
  return waitFor(
    () => {
      const toast = screen
        .getAllByText(title)
        .map((element) => element.closest('li'))
        .find((item): item is HTMLLIElement => item !== null);
      if (!toast) throw new Error(`no toast "${title}"`);
      return toast;
    },
    { timeout },
  );
}
