import { ContactButtonLink } from '@/components/layout/contact-button';
import { CookieNoticeCard } from '@/components/layout/cookie-notice';

/**
 * What the public layout shows as soon as its scripts run, without any visitor action and not in
 * the prerendered HTML: the cookie notice on a first visit, and the contact button's smaller
 * forms (it measures the page once hydrated). The prerender step shows this markup to the critical
 * CSS step only (scripts/prerender/critical-css.ts), so every page inlines its rules and showing
 * it does not switch on the whole stylesheet (src/app/full-stylesheet.ts).
 */
export function LoadTimeStates() {
  return (
    <>
      <CookieNoticeCard onDismiss={() => undefined} />
      <ContactButtonLink mode="icon" />
      <ContactButtonLink mode="hidden" />
    </>
  );
}
