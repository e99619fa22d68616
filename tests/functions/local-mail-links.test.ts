import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_SITE_URL } from '../../tools/local-stack/config';
import { mailbox, resetDatabase } from '../support/stack';
import { createEvent, register, runOutbox, uniqueEmail, visitor, type TestEvent } from './function-helpers';

// Mails sent by the local stack link to the local site (the stack sets SITE_URL for the
// functions), so a developer can follow a manage or waiting-list link from /__mail instead of
// landing on the production site.

const localSite = (process.env.LOCAL_STACK_SITE_URL ?? DEFAULT_LOCAL_SITE_URL).replace(/\/+$/, '');
let event: TestEvent;

beforeAll(async () => {
  await resetDatabase();
  event = await createEvent();
});

function links(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
}

describe('links in local mails', () => {
  it('the booking confirmation read from /__mail links to the local site only', async () => {
    const email = uniqueEmail('lokal');
    await register(visitor(), event.id, { email });
    await runOutbox();
    const mail = await mailbox().waitFor((m) => m.to.includes(email) && m.subject.startsWith('Anmeldebest'));
    const web = links(mail.html ?? '').filter((href) => !href.startsWith('mailto:'));
    const manage = web.find((href) => href.includes('/verwalten'));
    expect(manage, 'the manage link').toBeDefined();
    expect(new URL(manage!).origin).toBe(localSite);
    for (const href of web) expect(new URL(href).origin, href).toBe(localSite);
    expect(mail.text).toContain(`${localSite}/buchung/`);
    expect(mail.text).not.toContain('sinneswerk.ch/buchung');
  });
});
