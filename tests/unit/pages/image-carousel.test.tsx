import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stammtischImpressions } from '@/content/stammtisch';
import { ImageCarousel } from '@/features/pages/components/image-carousel';
import { stubDesktopBrowser } from './browser-stubs';

beforeEach(() => stubDesktopBrowser());
afterEach(() => vi.unstubAllGlobals());

function renderCarousel() {
  render(<ImageCarousel label="Impressionen" items={stammtischImpressions.items} />);
  return {
    region: screen.getByRole('region', { name: 'Impressionen' }),
    previous: screen.getByRole('button', { name: 'Vorherige Bilder' }),
    next: screen.getByRole('button', { name: 'Nächste Bilder' }),
    status: () => screen.getByText(/von 24$/),
  };
}

describe('Impressionen carousel', () => {
  it('holds 24 captioned images', () => {
    renderCarousel();
    expect(screen.getAllByRole('figure')).toHaveLength(24);
    expect(screen.getByText('Die Tafel ist gedeckt')).toBeInTheDocument();
    expect(screen.getByText('Volle Herzen, leere Teller')).toBeInTheDocument();
  });

  it('moves three images per step with the buttons and stops at both ends', async () => {
    const user = userEvent.setup();
    const { previous, next, status } = renderCarousel();
    expect(status()).toHaveTextContent('Bilder 1–3 von 24');
    expect(previous).toBeDisabled();

    await user.click(next);
    expect(status()).toHaveTextContent('Bilder 4–6 von 24');
    expect(previous).toBeEnabled();

    for (let i = 0; i < 6; i++) await user.click(next);
    expect(status()).toHaveTextContent('Bilder 22–24 von 24');
    expect(next).toBeDisabled();

    await user.click(previous);
    expect(status()).toHaveTextContent('Bilder 19–21 von 24');
  });

  it('follows the arrow keys when focused', async () => {
    const user = userEvent.setup();
    const { region, status } = renderCarousel();
    region.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(status()).toHaveTextContent('Bilder 7–9 von 24');
    await user.keyboard('{ArrowLeft}');
    expect(status()).toHaveTextContent('Bilder 4–6 von 24');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(status()).toHaveTextContent('Bilder 1–3 von 24');
  });

  it('shows one image per step on a phone', async () => {
    vi.unstubAllGlobals();
    stubDesktopBrowser(390);
    const user = userEvent.setup();
    const { next, status } = renderCarousel();
    expect(status()).toHaveTextContent('Bild 1 von 24');
    await user.click(next);
    expect(status()).toHaveTextContent('Bild 2 von 24');
  });
});
