// Where each database object of the project is written in supabase/schemas/: one file per domain,
// applied in this order. The generator places every table, type, function, storage bucket, cron
// job and every trigger or policy on a platform table (auth.users, storage.objects) by this map
// and fails on an object the map does not name, so a new object is placed deliberately.
//
// Indexes, constraints, triggers, policies, grants and comments follow their table or function.
// A trigger, policy, index or constraint that calls a function of a later file moves to that file
// (it cannot exist before the function does).

export interface Domain {
  /** File name without .sql; the number gives the apply order. */
  file: string;
  title: string;
  /** What the domain holds, for the file's header. */
  about: string;
  /** Project schemas created here (`create schema`). */
  schemas?: string[];
  /** Tables, composite types and standalone sequences, schema-qualified, in the order written. */
  relations?: string[];
  /** Functions by schema-qualified name (all overloads), in the order written. */
  functions?: string[];
  /** Tables whose rows after the migrations are platform state, written as inserts. */
  dataTables?: string[];
  /** Storage buckets (storage.buckets rows) by id. */
  buckets?: string[];
  /** Supabase Cron jobs by name (scheduled through private.schedule_job). */
  cronJobs?: string[];
  /** Triggers and policies the project adds to platform tables: 'auth.users: trigger_name'. */
  platformTriggers?: string[];
  platformPolicies?: string[];
  /** Statements kept by hand (no catalog can say them), written at the end of the file. */
  statements?: { why: string; sql: string }[];
}

export const DOMAINS: Domain[] = [
  {
    file: '00_helpers',
    title: 'Helpers',
    about:
      'The private schema, extensions, small helpers every domain uses, and the error codes ' +
      'every domain raises (their German texts; db:types generates the TypeScript list from them).',
    schemas: ['private'],
    relations: ['public.error_codes', 'private.clock'],
    dataTables: ['public.error_codes'],
    functions: [
      'private.now',
      'private.set_updated_at',
      'public.slugify',
      'private.unique_slug',
      'private.token_hash',
      'private.today_in_zurich',
      'private.e164_phone',
      'private.jsonb_has_keys',
    ],
    statements: [
      {
        why:
          'Supabase Cron and pg_net where the platform offers them (hosted: both; the local ' +
          'stand-in provides cron, net and vault from tools/local-stack/platform.sql instead).',
        sql: `do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
  end if;
end;
$$;`,
      },
    ],
  },
  {
    file: '05_profiles_and_admin_role',
    title: 'Profiles and the admin role',
    about:
      'One profile per auth user; is_admin() decides every admin policy and function, so it ' +
      'comes before all domains that use it.',
    relations: ['public.profiles'],
    functions: [
      'public.is_admin',
      'private.require_admin',
      'private.create_profile_for_new_user',
      'private.guard_admin_rights',
      'private.guard_last_admin_delete',
    ],
    platformTriggers: ['auth.users: on_auth_user_created_create_profile'],
    statements: [
      {
        why: 'Users that existed before the trigger get their profile (none on a new project).',
        sql: `insert into public.profiles (id)
select u.id from auth.users u
on conflict (id) do nothing;`,
      },
    ],
  },
  {
    file: '10_events_and_availability',
    title: 'Events and availability',
    about:
      'Events, their slugs and slug history, questions, seat counts and the public availability; ' +
      'the event-images storage bucket.',
    relations: [
      'public.event_series',
      'public.events',
      'public.event_slug_history',
      'public.event_availability',
    ],
    functions: [
      'private.events_set_slug',
      'public.event_slug',
      'private.events_claim_slug',
      'private.events_remember_slug',
      'public.current_event_slug',
      'private.event_questions_valid',
      'private.event_schedule',
      'private.cancellation_deadline',
      'private.holds_seats',
      'private.booked_persons',
      'private.events_count_persons',
      'private.participants_touch_event_seats',
      'public.availability',
    ],
    buckets: ['event-images'],
    platformPolicies: [
      'storage.objects: Admins list event images',
      'storage.objects: Admins upload event images',
      'storage.objects: Admins replace event images',
      'storage.objects: Admins delete event images',
    ],
  },
  {
    file: '15_blog_posts',
    title: 'Blog posts',
    about: 'Published articles of the site.',
    relations: ['public.blog_posts'],
    functions: ['private.blog_posts_set_slug'],
  },
  {
    file: '20_bookings',
    title: 'Bookings',
    about:
      'Participants (one booking, one or more persons), their answers, references, manage ' +
      'tokens and self-service changes; register_for_event is the public way in. Discount ' +
      'codes and ticket types (issue 28) come first: a booking keeps the terms of the code it was ' +
      'booked with and its tickets per type (name and price as booked).',
    relations: [
      'public.discount_codes',
      'public.event_ticket_types',
      'public.participants',
      'public.booking_tickets',
      'public.booking_changes',
      'public.manage_tokens',
    ],
    functions: [
      'private.ticket_type_names_valid',
      'private.code_discount_cents',
      'private.owed_cents',
      'private.event_ticket_types_not_for_hut',
      'private.event_ticket_types_guard_delete',
      'private.booking_tickets_sum_check',
      'private.ticket_type_taken',
      'private.check_ticket_type_room',
      'private.checked_tickets',
      'private.lines_persons',
      'private.lines_gross_cents',
      'private.lines_of_types',
      'private.write_booking_tickets',
      'private.booking_gross_cents',
      'private.booking_ticket_lines',
      'private.booking_code_discount_cents',
      'public.event_ticket_choices',
      'public.ticket_price_from',
      'private.event_ticket_types_request_rebuild',
      'private.reduce_booking_tickets',
      'private.move_booking_tickets',
      'private.person_name_problem',
      'private.checked_participant_input',
      'private.checked_answers',
      'private.participant_answers_valid',
      'private.new_confirmation_token',
      'private.new_booking_reference',
      'private.participants_set_reference',
      'private.book',
      'private.booking_receipt',
      'public.register_for_event',
      'private.manage_token_validity',
      'private.mint_manage_token',
      'private.manage_token_check',
      'private.cancellation_terms',
      'public.booking_by_token',
      'public.change_booking',
      'private.address_confirm_hold',
      'private.address_confirm_above_persons',
      'private.hold_confirm_payload',
      'public.confirm_booking',
    ],
  },
  {
    file: '22_gift_vouchers',
    title: 'Gift vouchers',
    about:
      'Gift vouchers (issue 28): issued by the team, redeemed in a booking as a payment with method ' +
      "'voucher', returned by a refund of kind 'voucher_return'. The balance changes only there, under " +
      "the voucher's row lock. Codes are looked up by their hash (private.gift_voucher_key).",
    relations: ['public.gift_vouchers'],
    functions: [
      'private.gift_voucher_settings',
      'private.gift_voucher_key',
      'private.new_gift_voucher_code',
      'private.checked_gift_voucher',
      'private.redeem_gift_voucher',
      'private.booking_voucher_returned_cents',
      'private.booking_voucher_cents',
      'public.check_gift_voucher',
      'public.admin_issue_gift_voucher',
      'public.admin_void_gift_voucher',
      'public.admin_gift_voucher_uses',
      'private.gift_voucher_mail_payload',
      'private.queue_gift_voucher_mail',
      'public.admin_send_gift_voucher',
      'public.admin_gift_voucher_liability',
    ],
  },
  {
    file: '23_gift_voucher_orders',
    title: 'Gift voucher orders',
    about:
      "Gift vouchers bought on /gutscheine (issue 28): the provider's offer vouchers, and orders " +
      'stored before Stripe is called. The voucher is issued only when the payment arrives ' +
      '(complete_gift_voucher_checkout), and mailed on the day the buyer chose.',
    relations: ['public.gift_voucher_offers', 'public.gift_voucher_orders'],
    functions: [
      'private.gift_voucher_amount_limits',
      'public.gift_voucher_shop',
      'private.new_gift_voucher_order_reference',
      'public.order_gift_voucher',
      'public.record_gift_voucher_checkout',
      'private.gift_voucher_order_mail_payload',
      'private.issue_purchased_gift_voucher',
      'private.gift_voucher_invoice_payload',
      'public.complete_gift_voucher_checkout',
      'public.expire_gift_voucher_checkout',
      'private.gift_voucher_sales',
      'public.admin_gift_voucher_sales',
    ],
  },
  {
    file: '25_booking_status_and_money',
    title: 'Booking status and money',
    about:
      'The booking state machine (issue 24): payment rows, the booking history, the money ' +
      'derived from both, and the shared parts of every transition (locks, seats, history, ' +
      'refunds). See docs/data-model.md.',
    relations: ['public.payments', 'public.booking_history'],
    functions: [
      'private.booking_money',
      'private.payment_word',
      'private.visitor_state',
      'private.lock_booking',
      'private.take_seats',
      'private.write_history',
      'private.checked_note',
      'private.drop_checkout_session',
      'private.queue_refunds',
      'private.staff_payment_hold',
      'private.check_staff_target',
      'private.lock_bookable_event',
      'private.event_has_bookings',
      'private.events_guard_delete',
      'private.participants_reset_cancellation_fee',
      'private.discount_code_uses',
      'private.checked_discount_code',
      'public.check_discount_code',
      'public.admin_discount_codes',
    ],
  },
  {
    file: '30_waiting_list',
    title: 'Waiting list',
    about: 'Waiting-list entries, offers of freed seats and their claims.',
    relations: ['public.waitlist_entries'],
    functions: [
      'private.waitlist_offer_validity',
      'private.offered_persons',
      'private.events_count_offered',
      'private.waitlist_free_seats',
      'private.waitlist_position',
      'private.make_waitlist_offer',
      'private.offer_waitlist_seats',
      'private.events_offer_freed_seats',
      'private.end_waitlist_entry',
      'public.join_waitlist',
      'public.leave_waitlist',
      'public.waitlist_link',
      'public.claim_waitlist_offer',
      'public.expire_waitlist_offers',
    ],
  },
  {
    file: '40_payments_and_refunds',
    title: 'Payments and refunds',
    about:
      'Online payment (Stripe checkout, holds, webhooks), invoices with QR reference, and ' +
      'refund requests; the receipts and credit notes as issued.',
    relations: [
      'public.stripe_webhook_events',
      'public.invoice_creditor',
      'public.refund_requests',
      'public.receipts',
    ],
    functions: [
      'private.payment_hold',
      'private.participants_start_payment_hold',
      'private.release_hold',
      'private.participant_by_token',
      'private.first_delivery',
      'private.note_outcome',
      'public.payment_state',
      'private.begin_checkout_for',
      'public.begin_checkout',
      'public.begin_checkout_by_reference',
      'public.record_checkout_session',
      'public.complete_checkout',
      'public.record_stripe_fee',
      'public.expire_checkout',
      'public.release_expired_holds',
      'public.record_refund',
      'private.alnum_to_digits',
      'private.mod97',
      'private.normalized_iban',
      'private.iban_problem',
      'private.is_qr_iban',
      'private.invoice_creditor_check_iban',
      'private.invoice_reference_base',
      'private.qr_reference',
      'private.creditor_reference',
      'private.participants_start_invoice',
      'public.invoice_available',
      'private.refunded_cents',
      'private.queue_refund_request',
      'private.queue_refund_mail',
      'private.booking_changes_queue_refund',
      'private.finish_refund_request',
      'public.claim_refund_requests',
      'public.record_refund_attempt',
      'private.issue_receipt',
      'private.receipts_follow_anonymisation',
      'public.booking_receipts',
      'public.booking_receipt_document',
    ],
  },
  {
    file: '42_bank_import',
    title: 'Bank import',
    about:
      "QR-bill payments from the bank's camt.054 / camt.053 file (issue 29): the imported files, " +
      'every bank entry once, matching by QR reference, manual assignment, the bank-files bucket.',
    relations: ['public.bank_imports', 'public.bank_entries'],
    functions: [
      'private.record_bank_payment',
      'private.import_bank_entry',
      'public.admin_import_bank_entries',
      'public.admin_assign_bank_entry',
    ],
    buckets: ['bank-files'],
    platformPolicies: [
      'storage.objects: Admins upload bank files',
      'storage.objects: Admins read bank files',
    ],
  },
  {
    file: '43_finance',
    title: 'Finance',
    about:
      "Money per month and per event ('Finanzen') and the bookkeeper's export (issue 29), both from " +
      'one list of payment and refund rows.',
    relations: [],
    functions: [
      'private.finance_entries',
      'private.check_finance_period',
      'public.admin_finance_report',
      'public.admin_finance_export',
    ],
  },
  {
    file: '45_enquiries_and_newsletter',
    title: 'Enquiries and newsletter',
    about: 'Contact and voucher enquiries, newsletter subscriptions.',
    relations: ['public.enquiries', 'public.newsletter_subscriptions'],
    functions: [
      'private.newsletter_normalise_email',
      'public.submit_enquiry',
      'public.subscribe_to_newsletter',
    ],
  },
  {
    file: '50_outbox_and_mail_payloads',
    title: 'Outbox and mail payloads',
    about:
      'The mail outbox the process-outbox function sends from, the payload of every mail kind, ' +
      'reminders and the kicks that wake the edge functions.',
    relations: ['public.mail_outbox'],
    functions: [
      'private.allow_mail_kinds',
      'private.add_mail_kinds',
      'private.enqueue_mail',
      'private.booking_mail_payload',
      'private.invoice_mail_payload',
      'private.waitlist_mail_payload',
      'private.event_notice_payload',
      'private.event_notice_recipients',
      'private.checked_notice_message',
      'private.enqueue_booking_mails',
      'private.participants_enqueue_registration_mails',
      'private.mail_outbox_attach_invoice',
      'private.mail_outbox_attach_ticket',
      'private.receipt_provider',
      'private.mail_outbox_attach_receipt',
      'private.outbox_backoff',
      'public.claim_outbox_mails',
      'public.record_outbox_attempt',
      'public.confirmation_mail_status',
      'private.reminder_time',
      'public.send_event_reminders',
      'private.kick_edge_function',
      'private.kick_outbox',
    ],
  },
  {
    file: '60_admin',
    title: 'Admin',
    about:
      'The back office: invitations, messages to participants, and every admin_* function the ' +
      'admin pages call.',
    relations: [
      'public.admin_invitations',
      'public.participant_messages',
      'public.admin_bookings',
      'private.ticket_secret',
    ],
    functions: [
      'public.admin_list_users',
      'public.admin_invite_user',
      'public.admin_set_admin',
      'public.admin_dashboard_stats',
      'public.admin_event_occupancy',
      'public.admin_event_ticket_counts',
      'public.admin_weekly_bookings',
      'public.admin_inbox_counts',
      'public.admin_retry_mail',
      'public.admin_set_enquiry_handled',
      'public.admin_clone_event',
      'public.admin_delete_event',
      'public.admin_notify_event_cancelled',
      'public.admin_notify_event_changed',
      'public.admin_create_event_series',
      'public.admin_edit_event_series',
      'public.admin_add_booking',
      'public.admin_record_payment',
      'public.admin_resolve_payment',
      'public.admin_cancel_booking',
      'public.admin_refund',
      'public.admin_change_persons',
      'private.move_booking',
      'public.admin_move_booking',
      'public.admin_reactivate_booking',
      'public.admin_update_participant',
      'public.admin_delete_participant',
      'public.admin_cancel_event',
      'public.admin_event_notice_state',
      'public.admin_booking_history',
      'public.admin_set_checked_in',
      'private.ticket_key',
      'private.hmac_sha256',
      'private.ticket_signature',
      'private.ticket_code',
      'private.ticket_participant',
      'private.booking_ticket',
      'private.door_booking',
      'private.door_persons_in',
      'private.door_answer',
      'public.admin_ticket_booking',
      'public.admin_check_in_ticket',
      'public.admin_resend_confirmation',
      'public.admin_refund_details',
      'public.admin_record_manual_refund',
      'public.admin_waitlist',
      'public.admin_offer_waitlist_entry',
      'public.admin_remove_waitlist_entry',
      'private.fill_placeholders',
      'private.fill_message_placeholders',
      'private.checked_message',
      'public.admin_preview_message',
      'public.admin_send_message',
    ],
  },
  {
    file: '70_abuse_protection',
    title: 'Abuse protection',
    about: 'Rate limits of the public functions and the used proof-of-work challenges.',
    relations: ['public.function_rate_limits', 'public.altcha_used_challenges'],
    functions: [
      'public.hit_rate_limit',
      'public.take_rate_limit_units',
      'private.persons_allowance',
      'private.persons_allowance_window_seconds',
      'public.use_altcha_challenge',
    ],
  },
  {
    file: '80_settings_and_cron',
    title: 'Settings, site rebuilds and cron',
    about:
      'Settings the provider edits (season, prices), the hooks that rebuild the static site, and ' +
      'every Supabase Cron job.',
    relations: ['public.settings'],
    functions: [
      'private.setting_date',
      'private.setting_price_is_valid',
      'private.setting_time',
      'private.setting_int_between',
      'private.fondue_hut_setting_is_valid',
      'private.setting_value_is_valid',
      'private.post_site_build_hook',
      'private.request_site_rebuild',
      'private.request_daily_site_rebuild',
      'private.schedule_job',
    ],
    dataTables: ['public.settings'],
    cronJobs: [
      'process-outbox',
      'release-expired-holds',
      'send-event-reminders',
      'expire-waitlist-offers',
      'process-refunds',
      'daily-site-rebuild',
    ],
  },
  {
    file: '85_fondue_hut',
    title: 'Fonduehüsli',
    about:
      "The hut's evenings (issue 27): the rules read from the settings, the blocked evenings, " +
      "the month calendar, and booking an evening as a booking of the day's hut event (one " +
      'state machine with the events).',
    relations: ['public.hut_blocked_evenings'],
    functions: [
      'private.hut_settings',
      'private.hut_price_per_person',
      'private.hut_evening_start',
      'private.hut_evening_state',
      'private.hut_questions',
      'private.hut_evening_event',
      'private.participants_one_group_per_evening',
      'public.hut_month',
      'public.book_hut_evening',
      'public.admin_block_hut_evening',
      'public.admin_unblock_hut_evening',
      'public.admin_hut_month',
      'public.admin_move_hut_booking',
    ],
  },
  {
    file: '86_invoice_reminders',
    title: 'Invoice reminders',
    about:
      'Unpaid invoices (issue 29): the daily job with one friendly reminder after the due date, ' +
      "'Mahnung fällig' for the admin, the optional release of unpaid seats before the event. " +
      'After the settings file: it schedules a cron job.',
    relations: [],
    functions: [
      'private.invoice_reminder_rule',
      'private.send_invoice_reminders',
      'public.admin_overdue_invoices',
    ],
    cronJobs: ['send-invoice-reminders'],
  },
  {
    file: '90_privacy',
    title: 'Personal data: map and retention',
    about:
      'The map of every column that holds personal data (purpose, retention rule), the retention ' +
      'rules admins adjust, the check that no personal-looking column is missing from the map, ' +
      'the access and erasure requests and their log (docs/privacy.md). Tables of other domains ' +
      'that gain a personal column add a map row.',
    relations: ['public.retention_rules', 'public.personal_data_map', 'public.privacy_log'],
    dataTables: ['public.retention_rules', 'public.personal_data_map'],
    functions: [
      'public.unlisted_personal_columns',
      'private.anonymised_email',
      'private.apply_retention',
      'private.email_key',
      'public.admin_person_data',
      'private.jsonb_strings',
      'private.scrubbed_mail_payload',
      'private.mail_outbox_erase_after_send',
      'public.admin_erase_person',
      'private.event_shreddable_from',
      'private.event_personal_data',
      'public.admin_event_personal_data',
      'public.admin_shred_event',
    ],
    cronJobs: ['apply-retention'],
  },
];

/** The schemas whose objects the project owns (everything in them must be placed). */
export const PROJECT_SCHEMAS = ['public', 'private'];
