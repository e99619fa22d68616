import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { resetDatabase } from '../support/stack';
import { connect } from './support/db';

// The rules of Supabase's database linter (splinter) that apply to this project, as queries
// over the catalog of the migrated database. Each query lists the offenders; none is allowed.

const PROJECT_SCHEMAS = ['public', 'private'];

describe('database linter rules', () => {
  let client: pg.Client;
  const offenders = async (sql: string, params: unknown[] = []) =>
    (await client.query<{ offender: string }>(sql, params)).rows.map((row) => row.offender);

  beforeAll(async () => {
    // The integration files share one database, and the local-stack tests create scratch
    // functions and tables in public: lint the database exactly as the migrations leave it.
    await resetDatabase();
    client = await connect();
  });
  afterAll(async () => {
    await client.end();
  });

  it('0013 rls_disabled_in_public: every table in public has row-level security', async () => {
    expect(
      await offenders(`
        select c.relname as offender
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`),
    ).toEqual([]);
  });

  it('the tables of the product exist (so the other rules look at something)', async () => {
    const tables = await offenders(`
      select c.relname as offender from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`);
    expect(tables).toEqual(
      expect.arrayContaining([
        'blog_posts',
        'enquiries',
        'events',
        'mail_outbox',
        'newsletter_subscriptions',
        'participants',
        'profiles',
      ]),
    );
  });

  it('0011 function_search_path_mutable: every project function fixes its search_path', async () => {
    expect(
      await offenders(
        `
        select n.nspname || '.' || p.proname as offender
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = any($1)
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
          and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) setting where setting like 'search_path=%')`,
        [PROJECT_SCHEMAS],
      ),
    ).toEqual([]);
  });

  it('there are security definer functions to check (the rule above is not vacuous)', async () => {
    const definers = await offenders(`
      select p.proname as offender from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prosecdef`);
    expect(definers).toEqual(expect.arrayContaining(['is_admin', 'register_for_event', 'admin_clone_event']));
  });

  it('0003 auth_rls_initplan: policies call auth.*() and is_admin() once per statement, via (select ...)', async () => {
    expect(
      await offenders(`
        select schemaname || '.' || tablename || ': ' || policyname as offender
        from pg_policies
        cross join lateral (values (coalesce(qual, '') || ' ' || coalesce(with_check, ''))) as p(expression)
        where schemaname in ('public', 'storage')
          and (
            -- what is left after removing the wrapped calls must not call them any more
            regexp_replace(p.expression, 'select (auth\\.(uid|jwt|role|email)|(public\\.)?is_admin)\\(\\)', '', 'gi')
              ~* '(auth\\.(uid|jwt|role|email)|is_admin)\\(\\)'
            or p.expression ~* 'current_setting\\('
          )`),
    ).toEqual([]);
  });

  it('0024 permissive always-true policies: no write policy is simply true', async () => {
    expect(
      await offenders(`
        select schemaname || '.' || tablename || ': ' || policyname as offender
        from pg_policies
        where schemaname in ('public', 'storage')
          and cmd in ('INSERT', 'UPDATE', 'DELETE', 'ALL')
          and (btrim(coalesce(qual, ''), ' ()') = 'true' or btrim(coalesce(with_check, ''), ' ()') = 'true')`),
    ).toEqual([]);
  });

  it('0001 unindexed_foreign_keys: every foreign key has an index starting with its columns', async () => {
    expect(
      await offenders(
        `
        select c.conrelid::regclass || '.' || c.conname as offender
        from pg_constraint c
        join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = any($1)
          and not exists (
            select 1 from pg_index i
            where i.indrelid = c.conrelid
              and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] = c.conkey
          )`,
        [PROJECT_SCHEMAS],
      ),
    ).toEqual([]);
  });

  it('anon has no write privilege on any table in public', async () => {
    expect(
      await offenders(`
        select c.relname as offender
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v')
          and has_table_privilege('anon', c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE')`),
    ).toEqual([]);
  });

  it('anon and authenticated may execute only the reviewed security definer functions', async () => {
    const callable = await offenders(`
      select p.proname || ' by ' || r.rolname as offender
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      cross join (values ('anon'), ('authenticated')) as r(rolname)
      where n.nspname = 'public' and p.prosecdef and has_function_privilege(r.rolname, p.oid, 'EXECUTE')
      order by 1`);
    const reviewed = [
      // Answers for the caller only.
      'is_admin by anon',
      'is_admin by authenticated',
      // Old event links: the current slug of a published event (the history itself stays closed).
      'current_event_slug by anon',
      'current_event_slug by authenticated',
      // The booking's own pages: read and change it with its manage link (reference + token).
      'booking_by_token by anon',
      'booking_by_token by authenticated',
      'booking_receipt_document by anon',
      'booking_receipt_document by authenticated',
      'booking_receipts by anon',
      'booking_receipts by authenticated',
      'change_booking by anon',
      'change_booking by authenticated',
      // The confirm link of a large on-site / invoice booking (needs its secret token;
      // tests/db/confirm-large-holds.test.ts).
      'confirm_booking by anon',
      'confirm_booking by authenticated',
      // The booking page's question about its own confirmation mail (needs the one-time token).
      'confirmation_mail_status by anon',
      'confirmation_mail_status by authenticated',
      // The payment status page: its own registration's payment state (needs the one-time token).
      'payment_state by anon',
      'payment_state by authenticated',
      // What /gutscheine sells: the value voucher's limits and the active offer vouchers.
      'gift_voucher_shop by anon',
      'gift_voucher_shop by authenticated',
      // Whether payment by invoice is set up (a creditor exists), nothing of the creditor's data.
      'invoice_available by anon',
      'invoice_available by authenticated',
      // Refuse non-admins with 42501 themselves.
      'admin_clone_event by authenticated',
      'admin_dashboard_stats by authenticated',
      'admin_delete_event by authenticated',
      'admin_delete_participant by authenticated',
      'admin_record_manual_refund by authenticated',
      'admin_refund_details by authenticated',
      // Issue 16's admin tools (tests/db/admin-inbox, admin-users, admin-participant-changes).
      'admin_inbox_counts by authenticated',
      'admin_invite_user by authenticated',
      'admin_list_users by authenticated',
      'admin_preview_message by authenticated',
      'admin_resend_confirmation by authenticated',
      'admin_retry_mail by authenticated',
      'admin_send_message by authenticated',
      'admin_set_admin by authenticated',
      'admin_set_enquiry_handled by authenticated',
      'admin_update_participant by authenticated',
      // tests/db/admin-checkin, admin-dashboard-charts.
      'admin_event_occupancy by authenticated',
      'admin_event_ticket_counts by authenticated',
      'admin_set_checked_in by authenticated',
      'admin_check_in_ticket by authenticated',
      'admin_ticket_booking by authenticated',
      // Discount codes (tests/db/discount-codes.test.ts): the form's check answers only what a
      // code takes off an event's price; the admin list calls require_admin().
      'check_discount_code by anon',
      'check_discount_code by authenticated',
      'event_ticket_choices by anon',
      'event_ticket_choices by authenticated',
      'admin_discount_codes by authenticated',
      // Gift vouchers (tests/db/gift-vouchers.test.ts): require_admin(); the balance check is the
      // service role's (the edge function limits it per address).
      'admin_gift_voucher_uses by authenticated',
      'admin_issue_gift_voucher by authenticated',
      'admin_send_gift_voucher by authenticated',
      'admin_gift_voucher_liability by authenticated',
      'admin_gift_voucher_sales by authenticated',
      'admin_void_gift_voucher by authenticated',
      'admin_weekly_bookings by authenticated',
      // Event notices (tests/db/event-notices.test.ts): require_admin().
      'admin_notify_event_cancelled by authenticated',
      'admin_notify_event_changed by authenticated',
      // Series of events (tests/db/event-series.test.ts): require_admin().
      'admin_create_event_series by authenticated',
      'admin_edit_event_series by authenticated',
      // The waiting list (tests/db/waitlist.test.ts): the links need their secret token; the
      // admin functions check is_admin().
      'waitlist_link by anon',
      'waitlist_link by authenticated',
      'leave_waitlist by anon',
      'leave_waitlist by authenticated',
      'claim_waitlist_offer by anon',
      'claim_waitlist_offer by authenticated',
      'admin_waitlist by authenticated',
      'admin_remove_waitlist_entry by authenticated',
      'admin_offer_waitlist_entry by authenticated',
      // The booking transitions of issue 24 (tests/db/booking-state-machine.test.ts): require_admin().
      'admin_add_booking by authenticated',
      'admin_assign_bank_entry by authenticated',
      'admin_booking_history by authenticated',
      'admin_cancel_booking by authenticated',
      'admin_cancel_event by authenticated',
      'admin_change_persons by authenticated',
      'admin_event_notice_state by authenticated',
      'admin_import_bank_entries by authenticated',
      'admin_move_booking by authenticated',
      // Issue 30's access and erasure requests (tests/db/person-data-export.test.ts,
      // erase-person.test.ts): require_admin().
      'admin_person_data by authenticated',
      'admin_erase_person by authenticated',
      'admin_shred_event by authenticated',
      // The event's export before the shredder (shred-event.test.ts): require_admin().
      'admin_event_personal_data by authenticated',
      'admin_reactivate_booking by authenticated',
      'admin_record_payment by authenticated',
      'admin_refund by authenticated',
      'admin_resolve_payment by authenticated',
      // The fondue hut (tests/db/fondue-hut.test.ts): the public month says only each evening's
      // state (never a block's reason or a booking); the admin functions require_admin().
      'hut_month by anon',
      'hut_month by authenticated',
      'admin_hut_month by authenticated',
      'admin_block_hut_evening by authenticated',
      'admin_unblock_hut_evening by authenticated',
      // Issue 29's 'Finanzen' and bookkeeper export (tests/db/finance.test.ts): require_admin().
      'admin_finance_report by authenticated',
      'admin_finance_export by authenticated',
      'admin_overdue_invoices by authenticated',
      'admin_move_hut_booking by authenticated',
    ];
    expect(callable.filter((entry) => !reviewed.includes(entry))).toEqual([]);
  });

  it('every table with updated_at keeps it by trigger', async () => {
    expect(
      await offenders(`
        select c.relname as offender
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attname = 'updated_at' and not a.attisdropped
        where n.nspname = 'public' and c.relkind = 'r'
          and not exists (
            select 1 from pg_trigger t
            where t.tgrelid = c.oid and t.tgfoid = 'private.set_updated_at()'::regprocedure
          )`),
    ).toEqual([]);
  });

  it('the internal schema is not reachable by the API roles', async () => {
    const [row] = (
      await client.query<{ anon: boolean; authenticated: boolean }>(`
        select has_schema_privilege('anon', 'private', 'USAGE') as anon,
               has_schema_privilege('authenticated', 'private', 'USAGE') as authenticated`)
    ).rows;
    expect(row).toEqual({ anon: false, authenticated: false });
  });
});
