import { Route, Routes, useLocation } from 'react-router-dom';
import BookingConfirmationPage from '@/app/routes/buchung';
import EventBookingPage from '@/app/routes/event-booking';
import EventDetailPage from '@/app/routes/event-detail';
import EventsPage from '@/app/routes/events';
import type { AuthState } from '@/lib/auth/auth-context';
import { renderWithProviders } from '../../support/render';

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="current-path">{location.pathname + location.search + location.hash}</output>;
}

/** The public event routes at `route`; navigation state arises from clicking links, as in the app. */
export function renderEventRoutes(route: string, { auth }: { auth?: Partial<AuthState> } = {}) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/events" element={<EventsPage />} />
        <Route path="/events/:slug" element={<EventDetailPage />} />
        <Route path="/events/:slug/buchen" element={<EventBookingPage />} />
        <Route path="/contact" element={<h1>Kontakt</h1>} />
        <Route path="/buchung/:reference" element={<BookingConfirmationPage />} />
      </Routes>
      <CurrentPath />
    </>,
    { route, auth: auth ?? {} },
  );
}
