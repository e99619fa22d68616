// The German name of every kind of mail in public.mail_outbox (mail_outbox_kind_check), in one
// place: the admin's outbox and inbox show these instead of the raw kind ('refund_issued'), and
// the edge functions may log them. Admin texts: "Sie" form, de-CH. Runtime-neutral (no Deno or
// npm imports), so the site imports it as @common/mail-kinds.ts and the functions as well.
// tests/unit/common/mail-kinds.test.ts checks that every kind of the constraint in
// supabase/schemas has a name here, so a new kind cannot reach the outbox unnamed.

/** Every kind of mail the outbox knows, with its German name. */
export const MAIL_KIND_LABELS = {
  participant_confirmation: 'Anmeldebestätigung',
  registration_notice: 'Neue Anmeldung (an uns)',
  payment_receipt: 'Zahlungsbestätigung',
  refund_issued: 'Rückerstattung',
  invoice_reminder: 'Zahlungserinnerung (Rechnung)',
  booking_change: 'Stornierung oder Reduktion durch Teilnehmende',
  booking_change_notice: 'Stornierung oder Reduktion (an uns)',
  booking_cancelled: 'Stornierung durch uns',
  booking_moved: 'Umbuchung auf ein anderes Datum',
  booking_updated: 'Personenzahl geändert',
  event_reminder: 'Erinnerung vor dem Event',
  event_cancelled: 'Absage des Events',
  event_changed: 'Änderung von Datum, Zeit oder Ort',
  waitlist_joined: 'Bestätigung Warteliste',
  waitlist_offer: 'Platzangebot von der Warteliste',
  participant_message: 'Nachricht an Teilnehmende',
  enquiry_notice: 'Anfrage (an uns)',
  newsletter_notice: 'Newsletter-Anmeldung (an uns)',
  newsletter_removal: 'Newsletter-Adresse bei Mailchimp löschen',
  gift_voucher: 'Geschenkgutschein',
  gift_voucher_order_paid: 'Bestätigung Gutscheinkauf',
  gift_voucher_invoice: 'Rechnung für einen Gutschein',
  admin_invitation: 'Einladung in den Admin-Bereich',
} as const satisfies Record<string, string>;

export type MailKindName = keyof typeof MAIL_KIND_LABELS;

/** Every kind, in the order above (booking mails first, then event, waiting list and team mails). */
export const MAIL_KINDS = Object.keys(MAIL_KIND_LABELS) as MailKindName[];

/** The German name of a mail kind; an unknown kind (newer than this code) is shown as it is. */
export function mailKindLabel(kind: string): string {
  return Object.hasOwn(MAIL_KIND_LABELS, kind) ? MAIL_KIND_LABELS[kind as MailKindName] : kind;
}
