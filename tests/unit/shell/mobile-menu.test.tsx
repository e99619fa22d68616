import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mainNav } from '@/lib/site';
import { renderLayout } from './layout-harness';

async function openMenu() {
  const user = userEvent.setup();
  const toggle = screen.getByRole('button', { name: 'Menü öffnen' });
  await user.click(toggle);
  const dialog = await screen.findByRole('dialog', { name: 'Menü' });
  return { user, toggle, dialog };
}

describe('mobile menu', () => {
  it('opens a dialog with the main links and no admin link for visitors', async () => {
    renderLayout('/');
    const { toggle, dialog } = await openMenu();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const nav = within(dialog).getByRole('navigation', { name: 'Mobile Navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(mainNav.map((item) => item.href));
    expect(within(dialog).queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('adds Admin Dashboard for admins only', async () => {
    renderLayout('/', { isAdmin: true });
    const { dialog } = await openMenu();
    expect(within(dialog).getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    renderLayout('/');
    const { user, toggle } = await openMenu();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with its close button', async () => {
    renderLayout('/');
    const { user, toggle } = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Menü schliessen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggle).toHaveFocus();
  });

  it('traps focus while open', async () => {
    renderLayout('/');
    const { user, dialog } = await openMenu();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // More presses than the sheet has focusable elements: focus must wrap, never leave.
    for (let i = 0; i < 20; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes when a link navigates', async () => {
    renderLayout('/');
    const { user, toggle, dialog } = await openMenu();
    await user.click(within(dialog).getByRole('link', { name: 'Stories' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Seite /stories' })).toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('is reachable and operable with the keyboard alone', async () => {
    renderLayout('/');
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Menü öffnen' });
    toggle.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Menü' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggle).toHaveFocus();
  });
});
