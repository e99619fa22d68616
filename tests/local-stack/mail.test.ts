import { createHash } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailbox, mailchimp, resetDatabase, stackEnv } from '../support/stack';

/** What the edge functions do: Resend's REST API at RESEND_BASE_URL. */
function sendMail(
  body: unknown,
  apiKey: string | null = 'local',
  signal?: AbortSignal,
  extraHeaders: Record<string, string> = {},
) {
  return fetch(`${stackEnv().apiUrl}/__mail/emails`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
      ...extraHeaders,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal,
  });
}

const message = {
  from: 'Sinneswerk <hallo@sinneswerk.ch>',
  to: ['gast@example.ch'],
  reply_to: 'hallo@sinneswerk.ch',
  subject: 'Anmeldung <Atemkurs>',
  html: '<p>Grüezi</p>',
  text: 'Grüezi',
  attachments: [{ filename: 'event.ics', content: Buffer.from('BEGIN:VCALENDAR').toString('base64') }],
};

describe('mail stand-in (Resend-compatible)', () => {
  beforeAll(() => resetDatabase());
  beforeEach(async () => {
    await mailbox().failWith(null);
    await mailbox().clear();
  });

  it('accepts a message like Resend and keeps it with its attachments', async () => {
    const response = await sendMail(message);
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };

    const [stored] = await mailbox().messages();
    expect(stored).toMatchObject({
      id,
      from: message.from,
      to: ['gast@example.ch'],
      reply_to: ['hallo@sinneswerk.ch'],
      subject: 'Anmeldung <Atemkurs>',
      text: 'Grüezi',
      source: 'api',
    });
    expect(stored!.attachments).toEqual([
      expect.objectContaining({ filename: 'event.ics', size: 'BEGIN:VCALENDAR'.length }),
    ]);

    const attachment = await fetch(`${stackEnv().apiUrl}/__mail/messages/${id}/attachments/0`);
    expect(await attachment.text()).toBe('BEGIN:VCALENDAR');
    const html = await fetch(`${stackEnv().apiUrl}/__mail/messages/${id}/html`);
    expect(await html.text()).toBe('<p>Grüezi</p>');
  });

  it('lists the messages as a readable page with escaped content', async () => {
    await sendMail(message);
    const page = await fetch(`${stackEnv().apiUrl}/__mail`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const text = await page.text();
    expect(text).toContain('Anmeldung &#60;Atemkurs&#62;');
    expect(text).not.toContain('<Atemkurs>');
  });

  it('answers missing keys, invalid bodies and missing fields with Resend errors', async () => {
    const unauthorised = await sendMail(message, null);
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toMatchObject({ statusCode: 401, name: 'missing_api_key' });

    const malformed = await sendMail('{"from":');
    expect(malformed.status).toBe(422);
    expect(await malformed.json()).toMatchObject({ statusCode: 422, name: 'invalid_json' });

    const noRecipient = await sendMail({ ...message, to: [] });
    expect(noRecipient.status).toBe(422);
    expect(await noRecipient.json()).toEqual({
      statusCode: 422,
      name: 'missing_required_field',
      message: 'Missing `to` field.',
    });

    const badSender = await sendMail({ ...message, from: 'not an address' });
    expect(badSender.status).toBe(422);
    expect(await mailbox().messages()).toEqual([]);
  });

  it('simulates the provider failing or hanging, and recovers', async () => {
    await mailbox().failWith(500);
    const failed = await sendMail(message);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ name: 'internal_server_error' });

    await mailbox().failWith('timeout');
    await expect(sendMail(message, 'local', AbortSignal.timeout(300))).rejects.toThrow(/abort|timeout/i);

    await mailbox().failWith(null);
    expect((await sendMail(message)).status).toBe(200);
    expect(await mailbox().messages()).toHaveLength(1);
  });

  it('honours Idempotency-Key as Resend does: one mail per key, the first answer again, 409 for other content', async () => {
    const keyed = (body: unknown, key: string) =>
      sendMail(body, 'local', undefined, { 'Idempotency-Key': key });
    const key = `confirmation/${crypto.randomUUID()}`;

    const first = await keyed(message, key);
    const again = await keyed(message, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    const { id } = (await first.json()) as { id: string };
    expect(await again.json()).toEqual({ id });
    expect(await mailbox().messages()).toHaveLength(1);

    const other = await keyed({ ...message, subject: 'Anderes' }, key);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ statusCode: 409, name: 'invalid_idempotent_request' });

    expect((await keyed(message, 'x'.repeat(257))).status).toBe(400);
    // A failed try does not use up the key.
    const failedKey = crypto.randomUUID();
    await mailbox().failWith(500);
    expect((await keyed(message, failedKey)).status).toBe(500);
    await mailbox().failWith(null);
    expect((await keyed(message, failedKey)).status).toBe(200);
    // Without a key every request is a new mail.
    await sendMail(message);
    await sendMail(message);
    expect(await mailbox().messages()).toHaveLength(4);
  });

  it('is emptied by DELETE /__mail/messages and by a reset', async () => {
    await sendMail(message);
    await mailbox().clear();
    expect(await mailbox().messages()).toEqual([]);

    await sendMail(message);
    await mailbox().failWith(500);
    await resetDatabase();
    expect(await mailbox().messages()).toEqual([]);
    expect((await sendMail(message)).status).toBe(200);
  });
});

describe('Mailchimp stand-in', () => {
  const base = () => `${stackEnv().apiUrl}/__mailchimp/3.0/lists/local/members`;
  const auth = {
    Authorization: `Basic ${Buffer.from('any:local-us1').toString('base64')}`,
    'Content-Type': 'application/json',
  };
  const hash = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');

  beforeAll(() => resetDatabase());

  it('upserts members with PUT and records them', async () => {
    const email = 'Leser@Example.ch';
    const response = await fetch(`${base()}/${hash(email)}`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({
        email_address: email,
        status_if_new: 'subscribed',
        merge_fields: { FNAME: 'Lea' },
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: hash(email),
      email_address: email,
      status: 'subscribed',
      list_id: 'local',
    });

    const again = await fetch(`${base()}/${hash(email)}`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ email_address: email, status_if_new: 'pending' }),
    });
    expect(await again.json()).toMatchObject({ status: 'subscribed' });
    expect(await mailchimp().members()).toEqual([
      expect.objectContaining({ email_address: email, merge_fields: { FNAME: 'Lea' } }),
    ]);
  });

  it('answers POST for an existing member, bad input, missing keys and outages as Mailchimp does', async () => {
    const existing = await fetch(base(), {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ email_address: 'leser@example.ch', status: 'subscribed' }),
    });
    expect(existing.status).toBe(400);
    expect(await existing.json()).toMatchObject({ title: 'Member Exists', status: 400 });

    const invalid = await fetch(base(), {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ email_address: 'nope', status: 'subscribed' }),
    });
    expect(await invalid.json()).toMatchObject({ title: 'Invalid Resource', status: 400 });

    const unauthorised = await fetch(base(), {
      method: 'POST',
      body: JSON.stringify({ email_address: 'a@example.ch', status: 'subscribed' }),
    });
    expect(unauthorised.status).toBe(401);

    await mailchimp().failWith(500);
    const down = await fetch(base(), {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ email_address: 'b@example.ch', status: 'subscribed' }),
    });
    expect(down.status).toBe(500);
    await mailchimp().failWith(null);
    expect(await mailchimp().members()).toHaveLength(1);
  });
});
