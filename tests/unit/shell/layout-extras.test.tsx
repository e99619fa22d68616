import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COOKIE_NOTICE_STORAGE_KEY } from '@/components/layout/cookie-notice';
import { messagingChatUrl, site } from '@/lib/site';
import { renderLayout } from './layout-harness';

describe('contact button', () => {
  it("opens the messaging chat with the provider's number in a new tab", () => {
    renderLayout('/');
    const link = screen.getByRole('link', { name: /^Kontakt aufnehmen/ });
    expect(link).toHaveAccessibleName(/WhatsApp-Chat .* neuen Tab/);
    expect(link).toHaveAttribute('href', messagingChatUrl());
    expect(link.getAttribute('href')).toContain(site.messagingNumber);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('is absent on the contact page, which has its own ways to get in touch', async () => {
    renderLayout('/contact');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: /^Kontakt aufnehmen/ })).not.toBeInTheDocument();
  });
});

describe('cookie notice', () => {
  it('shows until dismissed and remembers the dismissal', async () => {
    const first = renderLayout('/');
    const notice = await screen.findByRole('region', { name: 'Cookie-Hinweis' });
    expect(notice).toHaveTextContent('technisch notwendige Cookies');
    await userEvent.click(screen.getByRole('button', { name: 'Verstanden' }));
    expect(screen.queryByRole('region', { name: 'Cookie-Hinweis' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(COOKIE_NOTICE_STORAGE_KEY)).toBe('true');
    first.unmount();

    renderLayout('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Cookie-Hinweis' })).not.toBeInTheDocument();
  });
});

describe('scroll on route change', () => {
  it('scrolls to the top on every navigation', async () => {
    renderLayout('/essen');
    const scrollTo = vi.mocked(window.scrollTo);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollTo.mockClear();
    await userEvent.click(screen.getAllByRole('link', { name: 'Atmen' })[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Seite /atmen' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('honours a #hash anchor on the new page instead', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderLayout('/essen');
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    await userEvent.click(screen.getByRole('link', { name: 'Zum Ende der Stories' }));
    await screen.findByRole('heading', { level: 1, name: 'Seite /stories' });
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('ende'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
