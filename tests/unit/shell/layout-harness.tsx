import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { SiteLayout } from '@/app/site-layout';
import type { AuthState } from '@/lib/auth/auth-context';
import { renderWithProviders } from '../../support/render';

function Page() {
  const { pathname } = useLocation();
  return (
    <>
      <h1>Seite {pathname}</h1>
      <Link to="/stories#ende">Zum Ende der Stories</Link>
      <div id="ende">Ende</div>
    </>
  );
}

/** The shared layout around a tiny page that names its path, at `path`. */
export function renderLayout(path = '/', auth: Partial<AuthState> = {}) {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  return renderWithProviders(
    <Routes>
      <Route element={<SiteLayout />}>
        <Route path="*" element={<Page />} />
      </Route>
    </Routes>,
    { route: path, auth },
  );
}

/** jsdom does not scroll; set the offset and tell listeners, as a real scroll would. */
export function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  window.dispatchEvent(new Event('scroll'));
}
