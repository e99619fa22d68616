import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ContactButton } from '@/components/layout/contact-button';
import { CookieNotice } from '@/components/layout/cookie-notice';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { SkipLink } from '@/components/layout/skip-link';

// Below the fold, and it brings the form stack (react-hook-form, zod): keep it out of the entry chunk.
const NewsletterBox = lazy(() =>
  import('@/features/newsletter/components/newsletter-box').then((module) => ({
    default: module.NewsletterBox,
  })),
);

/** Shared public layout around every public page. */
export function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <ScrollToTop />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Suspense fallback={<div aria-hidden="true" className="min-h-72 border-t bg-secondary" />}>
        <NewsletterBox />
      </Suspense>
      <SiteFooter />
      <ContactButton />
      <CookieNotice />
    </div>
  );
}
