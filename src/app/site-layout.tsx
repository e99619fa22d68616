import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ContactButton } from '@/components/layout/contact-button';
import { CookieNotice } from '@/components/layout/cookie-notice';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { SkipLink } from '@/components/layout/skip-link';
import { lazyPart } from '@/lib/lazy-part';
import { DeferredHydration } from './deferred-hydration';

// Below the fold, and it brings the form stack (react-hook-form, zod): keep it out of the entry chunk.
const NewsletterBox = lazyPart('src/features/newsletter/components/newsletter-box.tsx', () =>
  import('@/features/newsletter/components/newsletter-box').then((module) => module.NewsletterBox),
);

/**
 * Shared public layout around every public page.
 *
 * Header, page and footer each sit in their own Suspense boundary although nothing in them
 * suspends: a prerendered page then hydrates part by part, each with its own short commit, instead
 * of in one commit for the whole page that blocks the main thread (TBT). The fallbacks never show:
 * the content is already in the HTML, and navigations are transitions that keep it. The footer
 * hydrates only when it nears the screen or is touched.
 */
export function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <ScrollToTop />
      <Suspense fallback={null}>
        <SiteHeader />
      </Suspense>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={<div aria-hidden="true" className="min-h-72 border-t bg-secondary" />}>
        <NewsletterBox />
      </Suspense>
      <DeferredHydration>
        <SiteFooter />
      </DeferredHydration>
      <ContactButton />
      <CookieNotice />
    </div>
  );
}
