import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contactLocations } from '@/content/contact';
import { allSampleEvents } from '@/features/events/sample-events';
import { site } from '@/lib/site';

// Facts the site states in several places have one value (issue 26: the QR bill said
// Dorfstrasse 12 where footer, contact, imprint and privacy say Tramstrasse 12; the contact page
// put the Stammtisch in Suhr, the events and the Stammtisch page in Hirschthal).

const seed = readFileSync(join(process.cwd(), 'supabase', 'seed.sql'), 'utf8');

describe('one value per fact', () => {
  it("the local invoice creditor (the QR bill's address) is the provider's address", () => {
    const creditor = seed.match(
      /insert into public\.invoice_creditor[^;]*values \('[^']*', '([^']*)', '([^']*)', '([^']*)', '([^']*)'/,
    );
    expect(creditor).not.toBeNull();
    const [, street, number, postalCode, city] = creditor!;
    expect(`${street} ${number}, ${postalCode} ${city}`).toBe(site.locations[0].address);
  });

  it('the Stammtisch has one place: contact page, sample event and seeded event', () => {
    const mentioning = contactLocations.items.filter((item) => item.text.includes('Stammtisch'));
    expect(mentioning.map((item) => item.name)).toEqual([site.stammtischPlace]);
    const sample = allSampleEvents().find((event) => event.category === 'stammtisch');
    expect(sample?.location).toBe(site.stammtischPlace);
    const seeded = [...seed.matchAll(/'stammtisch', [^,]+, [^,]+, [^,]+, [^,]+, '([^']+)'/g)].map(
      (m) => m[1],
    );
    expect(seeded.length).toBeGreaterThan(0);
    expect(new Set(seeded)).toEqual(new Set([site.stammtischPlace]));
  });
});
