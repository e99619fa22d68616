import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE } from '@/features/events/lib/event-row';
import { EventCard } from '@/features/events/components/event-card';
import type { PublicEvent } from '@/features/events/types';
import { renderWithProviders } from '../../support/render';
import { bookable, event, notBookable } from './fixtures';

function renderCard(overrides: Partial<PublicEvent>, variant: 'list' | 'teaser' = 'list') {
  const data = event({ title: 'Stammtisch', slug: 'stammtisch-05-03-2099', ...overrides });
  renderWithProviders(<EventCard event={data} variant={variant} />, { auth: {} });
  return within(screen.getByRole('article', { name: 'Stammtisch' }));
}

describe('EventCard', () => {
  it('offers booking for an open event, with seats, price and a short description', () => {
    const card = renderCard({
      description: 'x'.repeat(140),
      price: 150,
      maxParticipants: 12,
      currentParticipants: 4,
      ...bookable(8),
    });
    expect(card.getByRole('link', { name: 'Jetzt buchen' })).toHaveAttribute(
      'href',
      '/events/stammtisch-05-03-2099/buchen',
    );
    expect(card.getByRole('link', { name: 'Stammtisch' })).toHaveAttribute(
      'href',
      '/events/stammtisch-05-03-2099',
    );
    expect(card.getByText(`${'x'.repeat(100)}…`)).toBeInTheDocument();
    expect(card.getByText('CHF 150.00')).toBeInTheDocument();
    expect(card.getByText('Noch 8 Plätze frei')).toBeInTheDocument();
    expect(card.getByText('5. März 2099')).toBeInTheDocument();
    expect(card.queryByText('Abgesagt')).not.toBeInTheDocument();
    expect(card.queryByText('Ausgebucht')).not.toBeInTheDocument();
  });

  it('shows the lowest ticket type price as "ab" for an event with types (issue 28)', () => {
    expect(
      renderCard({ price: 45, priceFrom: 25, ...bookable(8) }).getByText('ab CHF 25.00'),
    ).toBeInTheDocument();
  });

  it.each([
    [5, 10, 'Alter: 5–10 Jahre'],
    [5, null, 'Alter: ab 5 Jahren'],
  ])("tells the event's ages (%s to %s) with its facts", (minAge, maxAge, text) => {
    expect(renderCard({ minAge, maxAge }).getByText(text)).toBeInTheDocument();
  });

  it('says nothing of ages when the event states none', () => {
    expect(renderCard({ minAge: null, maxAge: null }).queryByText(/Alter/)).not.toBeInTheDocument();
  });

  it('sizes its lazy image to avoid layout shift', () => {
    renderCard({});
    const image = document.querySelector('img')!;
    expect(image).toHaveAttribute('width', '800');
    expect(image).toHaveAttribute('height', '500');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('switches to the placeholder when the image cannot be loaded', () => {
    renderCard({ imageUrl: 'https://cdn.example.ch/kaputt.jpg' });
    const image = document.querySelector('img')!;
    expect(image).toHaveAttribute('src', 'https://cdn.example.ch/kaputt.jpg');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', PLACEHOLDER_IMAGE);
  });

  it('disables the button and shows a red badge when cancelled (before sold out)', () => {
    const card = renderCard({ isCancelled: true, ...notBookable('cancelled') });
    expect(card.getByRole('button', { name: 'Abgesagt' })).toBeDisabled();
    expect(card.getAllByText('Abgesagt')).toHaveLength(2);
    expect(card.queryByText('Ausgebucht')).not.toBeInTheDocument();
    expect(card.queryByRole('link', { name: 'Jetzt buchen' })).not.toBeInTheDocument();
  });

  it('disables the button and shows a badge when the admin closed bookings', () => {
    const card = renderCard(notBookable('closed', 3));
    expect(card.getByRole('button', { name: 'Ausgebucht' })).toBeDisabled();
    expect(card.getAllByText('Ausgebucht')).toHaveLength(2);
    expect(card.queryByText(/Plätze frei/)).not.toBeInTheDocument();
  });

  it('offers the waiting list when every seat is taken, with the sold-out badge', () => {
    const card = renderCard({ maxParticipants: 8, currentParticipants: 8, ...notBookable('full') });
    expect(card.getByRole('link', { name: 'Auf die Warteliste' })).toHaveAttribute(
      'href',
      '/events/stammtisch-05-03-2099/buchen',
    );
    expect(card.queryByRole('button', { name: 'Ausgebucht' })).not.toBeInTheDocument();
    expect(card.getByText('Ausgebucht')).toBeInTheDocument();
    expect(card.queryByText(/Plätze frei/)).not.toBeInTheDocument();
  });

  it('offers no booking once the event has passed', () => {
    const card = renderCard(notBookable('past', 5));
    expect(card.getByRole('button', { name: 'Vorbei' })).toBeDisabled();
    expect(card.queryByRole('link', { name: 'Jetzt buchen' })).not.toBeInTheDocument();
    expect(card.queryByText(/Plätze frei/)).not.toBeInTheDocument();
  });

  it('leads to the details in the teaser', () => {
    expect(renderCard({}, 'teaser').getByRole('link', { name: 'Details & Anmeldung' })).toHaveAttribute(
      'href',
      '/events/stammtisch-05-03-2099',
    );
  });

  it('still shows the details of a sold-out event in the teaser', () => {
    expect(
      renderCard(notBookable('closed', 3), 'teaser').getByRole('link', {
        name: 'Ausgebucht – Details anzeigen',
      }),
    ).toHaveAttribute('href', '/events/stammtisch-05-03-2099');
  });

  it('keeps a short description as it is', () => {
    expect(renderCard({ description: 'Kurz.' }).getByText('Kurz.')).toBeInTheDocument();
  });
});
