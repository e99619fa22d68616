import { Outlet } from 'react-router-dom';
import { NewsletterBox } from '@/features/newsletter/components/newsletter-box';
import { ContactButton } from './contact-button';
import { CookieNotice } from './cookie-notice';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

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
      <NewsletterBox />
      <SiteFooter />
      <ContactButton />
      <CookieNotice />
    </div>
  );
}
