import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { essenGallery } from '@/content/essen';
import { GalleryLightbox } from '@/features/pages/components/gallery-lightbox';

function thumbnails() {
  return screen.getAllByRole('button', { name: /Bild vergrössern$/ });
}

describe('Kulinarische Eindrücke lightbox', () => {
  it('shows 8 thumbnails', () => {
    render(<GalleryLightbox label="Kulinarische Eindrücke" items={essenGallery.items} />);
    expect(thumbnails()).toHaveLength(8);
  });

  it('opens on click, pages with the arrow keys, closes with Escape and returns focus', async () => {
    const user = userEvent.setup();
    render(<GalleryLightbox label="Kulinarische Eindrücke" items={essenGallery.items} />);

    await user.click(thumbnails()[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Kulinarische Eindrücke' });
    expect(dialog).toHaveTextContent('Pfanne auf der Glut');
    expect(dialog).toHaveTextContent('Bild 2 von 8');

    await user.keyboard('{ArrowRight}');
    expect(dialog).toHaveTextContent('Bild 3 von 8');
    expect(dialog).toHaveTextContent('Wildkräuter im Korb');

    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(dialog).toHaveTextContent('Bild 8 von 8');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus lands on the thumbnail of the picture last shown, not on the one first clicked.
    expect(thumbnails()[7]).toHaveFocus();
  });

  it('pages with the buttons inside the lightbox', async () => {
    const user = userEvent.setup();
    render(<GalleryLightbox label="Kulinarische Eindrücke" items={essenGallery.items} />);
    await user.click(thumbnails()[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Nächstes Bild' }));
    expect(dialog).toHaveTextContent('Bild 2 von 8');
    await user.click(screen.getByRole('button', { name: 'Vorheriges Bild' }));
    expect(dialog).toHaveTextContent('Bild 1 von 8');
    await user.click(screen.getByRole('button', { name: 'Schliessen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(thumbnails()[0]).toHaveFocus();
  });
});
