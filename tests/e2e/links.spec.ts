import { API, gotoHydrated, serviceHeaders } from '../support/e2e-env';
import { expect, test, unique } from '../support/e2e-fixtures';

// Links that never break: an event's slug follows its title and date, and every earlier slug
// still leads to the event (public.current_event_slug, docs/data-model.md).

test('a renamed event: the old URL lands on the new one, detail and booking page', async ({
  page,
  request,
  events,
}) => {
  const event = await events.create({ title: unique('Kräuter sammeln') });
  const oldSlug = event.slug;
  const newTitle = unique('Wildkräuter sammeln');
  const renamed = await request.patch(`${API}/rest/v1/events?id=eq.${event.id}`, {
    headers: { ...serviceHeaders(), 'Content-Type': 'application/json', Prefer: 'return=representation' },
    data: { title: newTitle },
  });
  expect(renamed.ok()).toBe(true);
  const [{ slug: newSlug }] = (await renamed.json()) as [{ slug: string }];
  expect(newSlug).not.toBe(oldSlug);

  await gotoHydrated(page, `/events/${oldSlug}`);
  await expect(page).toHaveURL(new RegExp(`/events/${newSlug}$`));
  await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();

  await gotoHydrated(page, `/events/${oldSlug}/buchen`);
  await expect(page).toHaveURL(new RegExp(`/events/${newSlug}/buchen$`));
  await expect(page.getByRole('heading', { level: 1, name: `Event-Buchung: ${newTitle}` })).toBeVisible();

  // A slug no event ever had is still "not found".
  await gotoHydrated(page, `/events/${oldSlug}-gibt-es-nicht`);
  await expect(page.getByText('Event nicht gefunden').first()).toBeVisible();
});
