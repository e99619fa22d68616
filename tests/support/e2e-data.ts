/**
 * Rows the browser tests create for themselves, through the stack's REST API with the service
 * role (as an admin script would), and remove again. A TestData remembers what it created;
 * `removeAll()` deletes it (an event's bookings and their money rows go first), also
 * events and accounts the test created through the UI and registered with `removeAfterwards`.
 *
 *   const data = new TestData();
 *   const event = await data.createEvent({ category: 'kids', price: 0, payment_methods: ['free'] });
 *   await data.createParticipant(event, { paid: true });
 *   await data.removeAll();
 *
 * Specs get one per test through the fixtures in e2e-fixtures.ts.
 */
import pg from 'pg';
import type { Database, Tables, TablesInsert } from '@common/database.ts';
import { API, serviceHeaders, stackFacts } from './e2e-env';

export type EventRow = Tables<'events'>;
export type ParticipantRow = Tables<'participants'>;
export type StoryRow = Tables<'blog_posts'>;

type Table = keyof Database['public']['Tables'];
/** The tables a TestData creates rows in, in the order they are removed. */
// Removed in this order, after the bookings: a discount code stays while a booking names it.
const OWNED = ['participants', 'events', 'event_series', 'blog_posts', 'discount_codes'] as const;

/** A date `days` from today (UTC) as the database stores it, e.g. '2026-12-03'. */
export function inDays(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

let counter = 0;
/** Unique within the run (and across runs), so rows of different tests never collide. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}`;
}

async function rest(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${API}/rest/v1/${path}`, {
    ...init,
    headers: {
      ...serviceHeaders(),
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
      ...init.headers,
    },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

async function insert<T extends Table>(table: T, row: TablesInsert<T>): Promise<Tables<T>> {
  const response = await rest(table, { method: 'POST', body: JSON.stringify(row) });
  const [created] = (await response.json()) as Tables<T>[];
  if (!created) throw new Error(`insert into ${table} returned no row`);
  return created;
}

/** Reads rows with the service role (no RLS), e.g. `select('enquiries', 'email=eq.a%40b.ch&select=*')`. */
export async function select<T extends Table>(table: T, filter: string): Promise<Tables<T>[]> {
  return (await (await rest(`${table}?${filter}`)).json()) as Tables<T>[];
}

function quoted(values: string[]): string {
  return values.map((value) => `"${value.replace(/(["\\])/g, '\\$1')}"`).join(',');
}

export class TestData {
  private readonly ids: Record<(typeof OWNED)[number], string[]> = {
    events: [],
    event_series: [],
    participants: [],
    blog_posts: [],
    discount_codes: [],
  };
  // Written only by functions (no table grant to write): removed through the database.
  private readonly eventTitles: string[] = [];
  private readonly accountEmails: string[] = [];
  private readonly voucherRecipients: string[] = [];
  private readonly uploads: string[] = [];

  /** A published, upcoming event with free seats, unless `values` say otherwise. */
  async createEvent(values: Partial<TablesInsert<'events'>> = {}): Promise<EventRow> {
    const event = await insert('events', {
      title: unique('Testevent'),
      description: 'Ein Event, das ein Browsertest für sich angelegt hat.',
      category: 'workshop',
      start_date: inDays(14),
      start_time: '18:00',
      end_time: '21:00',
      location: 'Suhr',
      price: 50,
      max_participants: 10,
      status: 'published',
      payment_methods: ['onsite', 'stripe'],
      ...values,
    });
    this.ids.events.push(event.id);
    return event;
  }

  /** A discount code (issue 28), e.g. `{ code: 'FAM10', percent: 10 }`. */
  async createDiscountCode(values: TablesInsert<'discount_codes'>): Promise<Tables<'discount_codes'>> {
    const code = await insert('discount_codes', values);
    this.ids.discount_codes.push(code.id);
    return code;
  }

  /** An event that belongs to a series (as admin_create_event_series leaves it), for its pages. */
  async createSeriesEvent(values: Partial<TablesInsert<'events'>> = {}): Promise<EventRow> {
    const series = await insert('event_series', {
      title: 'Atem-Stammtisch',
      rule: { kind: 'dates', dates: [inDays(14)], exceptions: [] },
      rule_text: 'An 1 festgelegten Daten',
    });
    this.ids.event_series.push(series.id);
    return this.createEvent({ category: 'stammtisch', series_id: series.id, ...values });
  }

  /**
   * A registration written directly (the public path is register_for_event, the admin's
   * admin_add_booking). `paid`: with a payment row of its full price (card for 'stripe').
   */
  async createParticipant(
    event: Pick<EventRow, 'id'>,
    { paid = false, ...values }: Partial<TablesInsert<'participants'>> & { paid?: boolean } = {},
  ): Promise<ParticipantRow> {
    const participant = await insert('participants', {
      event_id: event.id,
      name: 'Erika Muster',
      email: `${unique('teilnehmerin').replace(/\s+/g, '-')}@example.ch`,
      phone: '+41 79 123 45 67',
      payment_method: 'onsite',
      ...values,
    });
    this.ids.participants.push(participant.id);
    if (paid) {
      const [row] = await select('events', `id=eq.${event.id}&select=price`);
      const amount = Math.round(Number(row?.price ?? 0) * 100) * participant.persons;
      if (amount > 0) {
        const online = participant.payment_method === 'stripe';
        await insert('payments', {
          participant_id: participant.id,
          method: online ? 'card' : participant.payment_method === 'invoice' ? 'invoice' : 'onsite',
          amount_cents: amount,
          currency: 'CHF',
          provider_reference: online ? `pi_e2e${participant.id.replace(/-/g, '').slice(0, 20)}` : null,
        });
      }
    }
    return participant;
  }

  /** Cancels a registration (its seats are free again; the waiting list gets them). */
  async cancelParticipant(participant: Pick<ParticipantRow, 'id'>): Promise<void> {
    await rest(`participants?id=eq.${participant.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'cancelled' }),
      headers: { Prefer: 'return=minimal' },
    });
  }

  /**
   * A visitor's booking through register_for_event (as the register-for-event function calls it):
   * its reference and manage token open the confirmation and manage pages.
   */
  async createBooking(
    event: Pick<EventRow, 'id'>,
    {
      persons = 1,
      paymentMethod = 'onsite',
      addressKey = null,
    }: { persons?: number; paymentMethod?: string; addressKey?: string | null } = {},
  ): Promise<{ participantId: string; reference: string; manageToken: string }> {
    const response = await rest('rpc/register_for_event', {
      method: 'POST',
      body: JSON.stringify({
        p_event_id: event.id,
        p_name: 'Lea Buchung',
        p_email: `${unique('buchung').replace(/\s+/g, '-')}@example.ch`,
        p_phone: '+41 79 123 45 67',
        p_payment_method: paymentMethod,
        p_persons: persons,
        // A visitor's booking through register-for-event carries the client address's key.
        p_address_key: addressKey,
      }),
    });
    const receipt = (await response.json()) as {
      participant_id: string;
      reference: string;
      manage_token: string;
    };
    this.ids.participants.push(receipt.participant_id);
    return {
      participantId: receipt.participant_id,
      reference: receipt.reference,
      manageToken: receipt.manage_token,
    };
  }

  /** `seats` participants, so the event is full. */
  async fillEvent(event: Pick<EventRow, 'id' | 'max_participants'>): Promise<void> {
    for (let seat = 1; seat <= event.max_participants; seat += 1) {
      await this.createParticipant(event, { name: `Gast ${seat}` });
    }
  }

  /**
   * Puts someone on the waiting list of a full event (as the join-waitlist function does, with
   * the service role). Entries go with their event.
   */
  async joinWaitlist(
    event: Pick<EventRow, 'id'>,
    values: { name?: string; email?: string; persons?: number } = {},
  ): Promise<{ entryId: string; leaveToken: string; email: string }> {
    const email = values.email ?? `${unique('warteliste').replace(/\s+/g, '-')}@example.ch`;
    const response = await rest('rpc/join_waitlist', {
      method: 'POST',
      body: JSON.stringify({
        p_event_id: event.id,
        p_name: values.name ?? 'Wanda Warte',
        p_email: email,
        p_phone: '+41 79 123 45 67',
        p_persons: values.persons ?? 1,
      }),
    });
    const joined = (await response.json()) as { entry_id: string; leave_token: string };
    return { entryId: joined.entry_id, leaveToken: joined.leave_token, email };
  }

  /** The claim token of the latest offer mailed to this address (only its hash is in the table). */
  async offerToken(email: string): Promise<string> {
    const [mail] = await select(
      'mail_outbox',
      `kind=eq.waitlist_offer&recipient=eq.${encodeURIComponent(email)}&order=created_at.desc&limit=1&select=*`,
    );
    const token = (mail?.payload as { claimToken?: unknown } | undefined)?.claimToken;
    if (typeof token !== 'string') throw new Error(`no offer mail to ${email}`);
    return token;
  }

  /**
   * The token of the "Buchung bestätigen" link in a booking's confirmation mail (a large on-site
   * or invoice booking, held until the click; issue 25).
   */
  async confirmToken(participantId: string): Promise<string> {
    const [mail] = await select(
      'mail_outbox',
      `kind=eq.participant_confirmation&participant_id=eq.${participantId}&order=created_at.desc&limit=1&select=*`,
    );
    const token = (mail?.payload as { confirmHold?: { token?: unknown } } | undefined)?.confirmHold?.token;
    if (typeof token !== 'string') throw new Error(`no confirm link in the mail of ${participantId}`);
    return token;
  }

  /** A published story (blog post) from a week ago. */
  async createStory(values: Partial<TablesInsert<'blog_posts'>> = {}): Promise<StoryRow> {
    const story = await insert('blog_posts', {
      title: unique('Teststory'),
      excerpt: 'Eine Geschichte, die ein Browsertest für sich angelegt hat.',
      content: 'Erster Absatz.\n\nZweiter Absatz.',
      published_date: inDays(-7),
      status: 'published',
      ...values,
    });
    this.ids.blog_posts.push(story.id);
    return story;
  }

  /** For events the test creates through the UI: removed with the rest, also if the test fails. */
  removeEventsTitled(title: string): void {
    this.eventTitles.push(title);
  }

  /** For gift vouchers the test issues through the admin UI, by the recipient's (unique) name. */
  removeGiftVouchersFor(recipientName: string): void {
    this.voucherRecipients.push(recipientName);
  }

  /** For accounts the test signs up through the UI: the auth user (and its profile) is removed. */
  removeAccountAfterwards(email: string): void {
    this.accountEmails.push(email);
  }

  /** For files the test uploads through the UI, by their public URL (…/object/public/<bucket>/<key>). */
  removeUploadAfterwards(publicUrl: string): void {
    const object = /\/storage\/v1\/object\/public\/(.+)$/.exec(new URL(publicUrl).pathname)?.[1];
    if (!object) throw new Error(`not a public storage URL: ${publicUrl}`);
    this.uploads.push(object);
  }

  /**
   * Removes everything this TestData created or was told about. Every removal is tried, even
   * after one failed; the failures are reported together.
   */
  async removeAll(): Promise<void> {
    const removals: Array<() => Promise<void>> = [];
    // Events with bookings that hold seats or carry money cannot be deleted (issue 24): their
    // bookings and money rows go first, also those made through the UI.
    const events = this.ids.events.slice();
    const titles = this.eventTitles.splice(0);
    if (events.length > 0 || titles.length > 0) removals.push(() => removeBookingsOf(events, titles));
    for (const table of OWNED) {
      const ids = this.ids[table].splice(0);
      if (ids.length > 0) removals.push(() => removeRows(`${table}?id=in.(${ids.join(',')})`));
    }
    if (titles.length > 0) {
      removals.push(() => removeRows(`events?title=in.(${encodeURIComponent(quoted(titles))})`));
      // A series created through the admin UI carries its first title (its events go above).
      removals.push(() => removeRows(`event_series?title=in.(${encodeURIComponent(quoted(titles))})`));
    }
    for (const object of this.uploads.splice(0)) removals.push(() => removeUpload(object));
    // After the bookings: their payments name the vouchers.
    const recipients = this.voucherRecipients.splice(0);
    if (recipients.length > 0) removals.push(() => removeGiftVouchers(recipients));
    const emails = this.accountEmails.splice(0);
    if (emails.length > 0) removals.push(() => removeAccounts(emails));

    const failures: unknown[] = [];
    for (const removal of removals) await removal().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw new AggregateError(failures, 'test data could not be removed');
  }
}

async function removeRows(path: string): Promise<void> {
  await rest(path, { method: 'DELETE', headers: { Prefer: 'return=minimal' } });
}

async function removeUpload(object: string): Promise<void> {
  const response = await fetch(`${API}/storage/v1/object/${object}`, {
    method: 'DELETE',
    headers: serviceHeaders(),
  });
  if (!response.ok) throw new Error(`DELETE storage ${object}: ${response.status} ${await response.text()}`);
}

/** The bookings of these events (by id or title) with their payment, refund and receipt rows. */
async function removeBookingsOf(eventIds: string[], titles: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: stackFacts().dbUrl });
  await client.connect();
  try {
    const bookings = `select p.id from public.participants p join public.events e on e.id = p.event_id
                       where e.id = any($1::uuid[]) or e.title = any($2::text[])`;
    await client.query(`delete from public.refund_requests where participant_id in (${bookings})`, [
      eventIds,
      titles,
    ]);
    await client.query(`delete from public.receipts where participant_id in (${bookings})`, [
      eventIds,
      titles,
    ]);
    await client.query(`delete from public.payments where participant_id in (${bookings})`, [
      eventIds,
      titles,
    ]);
    await client.query(`delete from public.participants where id in (${bookings})`, [eventIds, titles]);
  } finally {
    await client.end();
  }
}

/**
 * Gift vouchers by recipient's name, with the orders that bought them, once no payment
 * names them (removeBookingsOf ran before). Through the database: nobody may delete a voucher
 * through the API.
 */
async function removeGiftVouchers(recipientNames: string[]) {
  const client = new pg.Client({ connectionString: stackFacts().dbUrl });
  await client.connect();
  try {
    // A bought voucher's order names it (and keeps the recipient's name while unpaid).
    await client.query(
      `delete from public.gift_voucher_orders o
        where o.recipient_name = any($1::text[])
           or o.gift_voucher_id in (select g.id from public.gift_vouchers g where g.recipient_name = any($1::text[]))`,
      [recipientNames],
    );
    await client.query('delete from public.gift_vouchers where recipient_name = any($1::text[])', [
      recipientNames,
    ]);
  } finally {
    await client.end();
  }
}

/** Through the database: the local stack has no GoTrue admin API. Profiles go with them (cascade). */
async function removeAccounts(emails: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: stackFacts().dbUrl });
  await client.connect();
  try {
    await client.query('delete from auth.users where email = any($1::text[])', [emails]);
  } finally {
    await client.end();
  }
}
