import type { Page } from '@playwright/test';

/**
 * A full-page screenshot kept for review. It asserts nothing: the tests around it do.
 *
 * Animations are stopped so the capture waits for no transition. On a loaded machine Chromium
 * has once left a full-page capture hanging after the fonts loaded (CI of stop 35, /atmen at
 * phone width); a capture that times out is taken once more, because a missing review picture
 * is not a fault of the page.
 */
export async function keepFullPageScreenshot(page: Page, path: string): Promise<void> {
  const capture = () => page.screenshot({ path, fullPage: true, animations: 'disabled', timeout: 15_000 });
  try {
    await capture();
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
    await capture();
  }
}
