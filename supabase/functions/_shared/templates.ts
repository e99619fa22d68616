import { formatPhone } from '@common/contact-rules.ts';
import { escapeHtml, escapeMultiline } from './html.ts';
import { type MailTicket, ticketHtml, ticketText } from './ticket-qr.ts';
import {
  formatChf,
  formatDateLong,
  formatDateRange,
  formatDateTime,
  freedSeatsText,
  formatPrice,
  formatGross,
  formatTickets,
  formatTotal,
  onlinePaymentLabel,
  paidMethodLabel,
  paymentMethodLabel,
  paymentStatusLabel,
  personsLabel,
} from '@common/format.ts';
import type { SiteSettings } from './env.ts';
import type {
  MailAnswer,
  MailChange,
  MailEnquiry,
  MailEvent,
  MailInvitation,
  MailInvoice,
  MailMessage,
  MailParticipant,
  MailPayment,
  MailRefund,
  WaitlistMail,
} from './mail-payloads.ts';
import { paymentInstructions } from '@common/payment-texts.ts';
import { displayTime } from '@common/event-time.ts';

// German mails in the site's look (cream background, deep green headings, serif title).
// Every value that a visitor or admin entered passes escapeHtml before it reaches the HTML;
// the plain-text part carries the same content for clients that do not render HTML.

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export type Row = [label: string, value: string];

const COLORS = {
  background: '#fbf8f4',
  card: '#fdfdfb',
  border: '#dbd4c7',
  primary: '#25563f',
  text: '#17261f',
  muted: '#495a52',
};

/** Header values must stay on one line whatever was typed. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

export function detailsTable(rows: Row[]): string {
  const cells = rows
    .filter(([, value]) => value.trim() !== '')
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:${COLORS.muted};vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td>` +
        `<td style="padding:6px 0;color:${COLORS.text}">${escapeMultiline(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0;font-size:15px">${cells}</table>`;
}

export function detailsText(rows: Row[]): string {
  return rows
    .filter(([, value]) => value.trim() !== '')
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
}

/**
 * The questions asked with the booking and their answers, under a heading; question above answer,
 * as a question may be long. Empty when nothing was asked.
 */
function answersHtml(heading: string, answers: readonly MailAnswer[]): string {
  if (answers.length === 0) return '';
  const items = answers
    .map(
      ({ label, answer }) =>
        `<p style="margin:0 0 10px;line-height:1.5"><span style="color:${COLORS.muted}">${escapeHtml(label)}</span><br>${escapeMultiline(answer)}</p>`,
    )
    .join('');
  return `<p style="margin:18px 0 8px;font-weight:bold">${escapeHtml(heading)}</p>${items}`;
}

function answersText(heading: string, answers: readonly MailAnswer[]): string {
  if (answers.length === 0) return '';
  return [`${heading}:`, ...answers.map(({ label, answer }) => `${label}: ${answer}`)].join('\n');
}

export function paragraphHtml(text: string): string {
  return `<p style="margin:0 0 14px;line-height:1.6">${escapeMultiline(text)}</p>`;
}

export function layout(site: SiteSettings, heading: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="de-CH">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.background};font-family:Inter,Helvetica,Arial,sans-serif;color:${COLORS.text}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.background};padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
<tr><td style="padding:0 8px 16px;font-family:Fraunces,Georgia,serif;font-size:24px;color:${COLORS.primary}">${escapeHtml(site.name)}</td></tr>
<tr><td style="background:${COLORS.card};border:1px solid ${COLORS.border};border-radius:12px;padding:28px">
<h1 style="margin:0 0 16px;font-family:Fraunces,Georgia,serif;font-size:22px;font-weight:600;color:${COLORS.primary}">${escapeHtml(heading)}</h1>
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 8px;font-size:13px;color:${COLORS.muted};line-height:1.5">
${escapeHtml(site.name)} · <a href="mailto:${escapeHtml(site.email)}" style="color:${COLORS.primary}">${escapeHtml(site.email)}</a> · <a href="${escapeHtml(site.url)}" style="color:${COLORS.primary}">${escapeHtml(site.url.replace(/^https?:\/\//, ''))}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

export function textLayout(site: SiteSettings, heading: string, body: string): string {
  return `${heading}\n\n${body}\n\n--\n${site.name} · ${site.email} · ${site.url}\n`;
}

export function eventRows(event: MailEvent): Row[] {
  return [
    ['Event', event.title],
    ['Datum', formatDateRange(event.startDate, event.endDate)],
    ['Zeit', displayTime(event.startTime, event.endTime)],
    ['Ort', event.location],
    ['Preis', formatPrice(event.price)],
  ];
}

/** Reference, persons and (unless `money: false`) the booking's total. */
export function bookingRows(
  participant: MailParticipant,
  event: MailEvent,
  { money = true }: { money?: boolean } = {},
): Row[] {
  return [
    ['Buchungsnummer', participant.reference],
    ['Personen', String(participant.persons)],
    ...(participant.tickets?.length ? [['Tickets', formatTickets(participant.tickets)] satisfies Row] : []),
    ...(money ? totalRows(participant, event) : []),
  ];
}

/**
 * 'Total: 2 × CHF 95.00 = CHF 190.00'; with a discount code the price, the code's part and the
 * total after it (the booking's own, from SQL).
 */
function totalRows(participant: MailParticipant, event: MailEvent): Row[] {
  const price = formatGross(event.price, participant.persons, participant.tickets);
  const discount = participant.discount;
  const total: Row[] =
    !discount || discount.cents <= 0
      ? [['Total', price]]
      : [
          ['Preis', price],
          [`Rabatt (${discount.code})`, `− ${formatChf(discount.cents / 100)}`],
          ['Total', formatChf(discount.totalCents / 100)],
        ];
  return [...total, ...voucherRows(participant.voucher)];
}

/** A gift voucher's part of the total and what is left to pay (issue 28). */
function voucherRows(voucher: MailParticipant['voucher']): Row[] {
  if (!voucher) return [];
  return [
    ['Gutschein', `− ${formatChf(voucher.cents / 100)}`],
    ['Noch zu bezahlen', formatChf(voucher.openCents / 100)],
  ];
}

/**
 * The manage link of a booking (the page where the visitor sees, reduces or cancels it). The
 * token travels in the fragment, which browsers never send to a server. Every mail that links to
 * a booking builds it here, with a token from private.mint_manage_token.
 */
export function manageUrl(site: SiteSettings, reference: string, token: string): string {
  return `${site.url.replace(/\/$/, '')}/buchung/${encodeURIComponent(reference)}/verwalten#${token}`;
}

export interface ManageLink {
  reference: string;
  token: string;
}

export const MANAGE_LINK_LABEL = 'Buchung ansehen oder ändern';

export function buttonHtml(href: string, label: string): string {
  return `<p style="margin:0 0 18px"><a href="${escapeHtml(href)}" style="display:inline-block;background:${COLORS.primary};color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

/**
 * Said in the visitor's confirmation instead of their notes and answers. Anyone can book under
 * any address, so the confirmation goes to an address nobody has proven to own; echoing free
 * text would let a stranger mail their own words (a phishing link) from the provider's address
 * (issue 25). The provider's notice keeps everything. The name stays in the greeting because
 * names are validated as names at the input (no URLs, no '@').
 */
export const DETAILS_PASSED_ON = 'Deine Bemerkungen und Antworten haben wir an unser Team weitergegeben.';

/** True when the visitor typed free text (notes or answers) that the confirmation does not repeat. */
function hasFreeText(participant: MailParticipant): boolean {
  return participant.notes.trim() !== '' || participant.answers.some(({ answer }) => answer.trim() !== '');
}

/** A booking the team added (admin_add_booking), with the real hold of an online booking. */
export interface StaffBooking {
  addedByStaff?: boolean;
  /** Booked again by the team after a cancellation or expiry. */
  reactivated?: boolean;
  /** Until when an online booking's seat is held unpaid (ISO moment). */
  holdExpiresAt?: string;
  /** A large on-site or invoice booking that waits for the click on its confirm link. */
  confirmHold?: ConfirmHold;
}

/** The confirm link of a held on-site or invoice booking (private.hold_confirm_payload). */
export interface ConfirmHold {
  token: string;
  /** The hold's end (ISO moment). */
  expiresAt: string;
  minutes: number;
}

export const CONFIRM_BOOKING_LABEL = 'Buchung bestätigen';

/**
 * The confirm page of a held booking (/buchung/{reference}/bestaetigen#token); the token travels
 * in the fragment, as the manage link's (src/features/booking/lib/booking-paths.ts keeps the
 * same address).
 */
export function confirmBookingUrl(site: SiteSettings, reference: string, token: string): string {
  return siteLink(site, `/buchung/${encodeURIComponent(reference)}/bestaetigen`, token);
}

/** Why and until when the visitor must click: said in the mail and on the confirmation page. */
export function confirmHoldText(hold: Pick<ConfirmHold, 'expiresAt' | 'minutes'>): string {
  return `Bitte bestätige deine Buchung innerhalb von ${hold.minutes} Minuten (bis ${formatDateTime(hold.expiresAt)} Uhr) über den Knopf «${CONFIRM_BOOKING_LABEL}». Ohne Bestätigung geben wir die Plätze nach ${hold.minutes} Minuten wieder frei.`;
}

export function participantConfirmation(
  site: SiteSettings,
  participant: MailParticipant,
  event: MailEvent,
  manage?: ManageLink,
  invoice?: MailInvoice,
  staff: StaffBooking = {},
  ticket?: MailTicket,
): RenderedMail {
  const confirm = staff.confirmHold;
  const heading = confirm ? 'Bitte bestätige deine Buchung' : 'Deine Anmeldung ist bestätigt';
  const confirmLink = confirm ? confirmBookingUrl(site, participant.reference, confirm.token) : null;
  const greeting = `Hallo ${participant.name}`;
  const intro = staff.reactivated
    ? `Wir haben deine Buchung für «${event.title}» wieder aktiviert und freuen uns auf dich! Hier sind alle Angaben auf einen Blick; den Termin findest du auch als Kalenderdatei im Anhang.`
    : staff.addedByStaff
      ? `Wir haben dich für «${event.title}» angemeldet und freuen uns auf dich! Hier sind alle Angaben auf einen Blick; den Termin findest du auch als Kalenderdatei im Anhang.`
      : `Vielen Dank für deine Anmeldung zu «${event.title}». Wir freuen uns auf dich! Hier sind alle Angaben auf einen Blick; den Termin findest du auch als Kalenderdatei im Anhang.`;
  const link = manage ? manageUrl(site, manage.reference, manage.token) : null;
  // A booking the team added online has a real hold until a stated moment and is paid through the
  // manage page; the visitor's own 30-minute checkout hold does not apply to it.
  const payLater =
    staff.addedByStaff &&
    participant.paymentMethod === 'stripe' &&
    participant.paymentStatus !== 'paid' &&
    staff.holdExpiresAt &&
    link
      ? {
          instructions: `Online mit Karte oder TWINT über den Link unten. Wir halten deinen Platz bis ${formatDateTime(staff.holdExpiresAt)} Uhr für dich; ist er bis dann nicht bezahlt, geben wir ihn wieder frei.`,
          intro: 'Hier kannst du deine Buchung ansehen und online bezahlen:',
        }
      : null;
  const rows: Row[] = [
    ...eventRows(event),
    ...bookingRows(participant, event),
    ['Zahlungsart', paymentMethodLabel(participant.paymentMethod)],
    ['Zahlungsstatus', paymentStatusLabel(participant.paymentStatus)],
    [
      'So bezahlst du',
      payLater?.instructions ??
        paymentInstructions(participant.paymentMethod, participant.paymentStatus, invoice),
    ],
    ['Bitte mitbringen', event.bringAlong ?? ''],
  ];
  const passedOn = hasFreeText(participant) ? DETAILS_PASSED_ON : '';
  const outro = `Falls du Fragen hast oder nicht teilnehmen kannst, antworte einfach auf diese E-Mail oder schreib uns an ${site.email}.`;
  const description = event.description.trim();
  const manageText =
    payLater?.intro ??
    'Über diesen Link kannst du deine Buchung ansehen, die Anzahl Personen reduzieren oder sie stornieren:';
  const buttonLabel = payLater ? 'Jetzt bezahlen' : MANAGE_LINK_LABEL;
  return {
    subject: oneLine(`Anmeldebestätigung: ${event.title}`),
    html: layout(
      site,
      heading,
      paragraphHtml(`${greeting},`) +
        paragraphHtml(intro) +
        (confirm && confirmLink
          ? paragraphHtml(confirmHoldText(confirm)) + buttonHtml(confirmLink, CONFIRM_BOOKING_LABEL)
          : '') +
        detailsTable(rows) +
        (passedOn ? paragraphHtml(passedOn) : '') +
        (ticket ? ticketHtml(ticket) : '') +
        (link ? paragraphHtml(manageText) + buttonHtml(link, buttonLabel) : '') +
        (description ? paragraphHtml(description) : '') +
        paragraphHtml(outro) +
        paragraphHtml(`Herzliche Grüsse\n${site.name}`),
    ),
    text: textLayout(
      site,
      heading,
      [
        `${greeting},`,
        intro,
        confirm && confirmLink ? `${confirmHoldText(confirm)}\n${CONFIRM_BOOKING_LABEL}: ${confirmLink}` : '',
        detailsText(rows),
        passedOn,
        ticket ? ticketText(ticket) : '',
        link ? `${manageText}\n${link}` : '',
        description,
        outro,
        `Herzliche Grüsse\n${site.name}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
    ),
  };
}

/**
 * The receipt of a payment: online (card or TWINT through Stripe, named as Stripe reported it) or
 * recorded by the team (invoice paid, paid on site). A part payment says what is still open.
 */
export function paymentReceipt(
  site: SiteSettings,
  participant: MailParticipant,
  event: MailEvent,
  payment: MailPayment,
  ticket?: MailTicket,
): RenderedMail {
  const heading = 'Zahlung erhalten';
  const greeting = `Hallo ${participant.name}`;
  const online = payment.method === undefined || payment.method === 'card' || payment.method === 'twint';
  const by = payment.method === 'twint' ? ' mit TWINT' : payment.method === 'card' ? ' mit Karte' : '';
  const settled =
    participant.paymentStatus === 'paid'
      ? 'Deine Anmeldung ist damit bezahlt.'
      : 'Ein Teil des Betrags ist noch offen; du findest ihn über den Link in deiner Anmeldebestätigung.';
  const intro = `Vielen Dank! Wir haben deine ${online ? 'Online-Zahlung' : 'Zahlung'}${by} für «${event.title}» erhalten. ${settled}`;
  const rows: Row[] = [
    ['Event', event.title],
    ['Datum', formatDateRange(event.startDate, event.endDate)],
    ['Betrag', formatChf(payment.amountCents / 100)],
    ['Bezahlt am', formatDateTime(payment.paidAt)],
    // TWINT is not a card: the method Stripe reported ('Online-Zahlung (TWINT)').
    ['Zahlungsart', online ? onlinePaymentLabel(payment.method) : paidMethodLabel(payment.method ?? '')],
    ['Zahlungsstatus', paymentStatusLabel(participant.paymentStatus)],
  ];
  const outro = `Diese E-Mail ist deine Quittung. Bei Fragen antworte einfach auf diese E-Mail oder schreib uns an ${site.email}.`;
  return {
    subject: oneLine(`Zahlungsbestätigung: ${event.title}`),
    html: layout(
      site,
      heading,
      paragraphHtml(`${greeting},`) +
        paragraphHtml(intro) +
        detailsTable(rows) +
        (ticket ? ticketHtml(ticket) : '') +
        paragraphHtml(outro) +
        paragraphHtml(`Herzliche Grüsse\n${site.name}`),
    ),
    text: textLayout(
      site,
      heading,
      [
        `${greeting},`,
        intro,
        detailsText(rows),
        ticket ? ticketText(ticket) : '',
        outro,
        `Herzliche Grüsse\n${site.name}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
    ),
  };
}

/**
 * Where a Stripe refund goes: the TWINT account or the card the visitor paid with, as Stripe
 * reported the payment (participant.paidMethod); either when not known.
 */
export function stripeRefundTarget(paidMethod: string | null | undefined): string {
  if (paidMethod === 'twint') return 'auf das TWINT-Konto, mit dem du bezahlt hast';
  if (paidMethod === 'card') return 'auf die Karte, mit der du bezahlt hast';
  return 'auf die Karte oder das TWINT-Konto, mit dem du bezahlt hast';
}

/** Where the refunded money goes: the card or TWINT account, the bank account, or the gift voucher. */
function refundIntro(
  refund: MailRefund,
  amount: string,
  title: string,
  paidMethod: string | null | undefined,
): string {
  switch (refund.method) {
    case 'stripe':
      return `Wir haben dir ${amount} für «${title}» zurückerstattet. Der Betrag geht zurück ${stripeRefundTarget(paidMethod)}; je nach Bank dauert das einige Tage.`;
    case 'voucher':
      return `Wir haben ${amount} für «${title}» wieder deinem Gutschein gutgeschrieben, mit dem du bezahlt hast. Du kannst ihn für eine nächste Buchung einlösen.`;
    default:
      return `Wir haben dir ${amount} für «${title}» per Banküberweisung zurückerstattet. Je nach Bank dauert es einige Tage, bis der Betrag auf deinem Konto ist.`;
  }
}

export function refundIssued(
  site: SiteSettings,
  participant: MailParticipant,
  event: MailEvent,
  refund: MailRefund,
): RenderedMail {
  const voucher = refund.method === 'voucher' ? refund.voucher : undefined;
  const heading = voucher ? 'Gutschrift auf deinen Gutschein' : 'Deine Rückerstattung ist unterwegs';
  const greeting = `Hallo ${participant.name}`;
  const amount = formatChf(refund.amountCents / 100);
  const intro = refundIntro(refund, amount, event.title, participant.paidMethod);
  const rows: Row[] = [
    ['Event', event.title],
    ['Buchungsnummer', participant.reference],
    ...(voucher
      ? ([
          ['Gutschrift', amount],
          ['Gutschein', voucher.code],
          ['Neues Guthaben', formatChf(voucher.balanceCents / 100)],
          ['Gültig bis', formatDateLong(voucher.validUntil)],
        ] satisfies Row[])
      : ([['Rückerstattung', amount]] satisfies Row[])),
  ];
  const outro = `Bei Fragen antworte einfach auf diese E-Mail oder schreib uns an ${site.email}.`;
  return {
    subject: oneLine(`${voucher ? 'Gutschrift' : 'Rückerstattung'}: ${event.title}`),
    html: layout(
      site,
      heading,
      paragraphHtml(`${greeting},`) +
        paragraphHtml(intro) +
        detailsTable(rows) +
        paragraphHtml(outro) +
        paragraphHtml(`Herzliche Grüsse\n${site.name}`),
    ),
    text: textLayout(
      site,
      heading,
      [`${greeting},`, intro, detailsText(rows), outro, `Herzliche Grüsse\n${site.name}`].join('\n\n'),
    ),
  };
}

export function providerRegistrationNotice(
  site: SiteSettings,
  participant: MailParticipant,
  event: MailEvent,
): RenderedMail {
  const heading = 'Neue Anmeldung';
  const rows: Row[] = [
    ...eventRows(event),
    ...bookingRows(participant, event),
    ['Name', participant.name],
    ['E-Mail', participant.email],
    ['Telefon', formatPhone(participant.phone)],
    ['Zahlungsart', paymentMethodLabel(participant.paymentMethod)],
    ['Zahlungsstatus', paymentStatusLabel(participant.paymentStatus)],
    ['Bemerkungen', participant.notes],
  ];
  const intro = `${participant.name} hat sich für «${event.title}» angemeldet.`;
  return {
    subject: oneLine(`Neue Anmeldung: ${event.title} – ${participant.name}`),
    html: layout(
      site,
      heading,
      paragraphHtml(intro) + detailsTable(rows) + answersHtml('Antworten', participant.answers),
    ),
    text: textLayout(
      site,
      heading,
      [intro, detailsText(rows), answersText('Antworten', participant.answers)].filter(Boolean).join('\n\n'),
    ),
  };
}

/** The visitor's confirmation of a cancellation or a reduction. */
export function bookingChangeConfirmation(
  site: SiteSettings,
  participant: MailParticipant,
  event: MailEvent,
  change: MailChange,
): RenderedMail {
  const cancelled = change.kind === 'cancelled';
  const heading = cancelled ? 'Deine Buchung ist storniert' : 'Deine Buchung wurde geändert';
  const greeting = `Hallo ${participant.name}`;
  // A late cancellation (the hut after its free period) keeps a share; everything else is free.
  const costs =
    change.keptCents > 0
      ? `Da die kostenlose Stornierungsfrist vorbei ist, verrechnen wir ${formatChf(change.keptCents / 100)}. Was du darüber hinaus bezahlt hast, erstatten wir dir zurück.`
      : 'Die Plätze sind wieder frei, es fallen keine Kosten an.';
  const intro = cancelled
    ? `Du hast deine Buchung ${participant.reference} für «${event.title}» storniert. ${costs}`
    : `Du hast deine Buchung ${participant.reference} für «${event.title}» von ${personsLabel(change.personsBefore)} auf ${personsLabel(change.personsAfter)} reduziert. Für die abgemeldeten Personen fallen keine Kosten an.`;
  const paid =
    change.keptCents === 0 &&
    participant.paymentMethod === 'stripe' &&
    participant.paymentStatus !== 'pending'
      ? 'Hast du bereits online bezahlt, erstatten wir dir den Betrag für die abgemeldeten Personen zurück.'
      : '';
  const rows: Row[] = cancelled
    ? [
        ['Event', event.title],
        ['Datum', formatDateRange(event.startDate, event.endDate)],
        ['Buchungsnummer', participant.reference],
      ]
    : [...eventRows(event), ...bookingRows({ ...participant, persons: change.personsAfter }, event)];
  const outro = `Bei Fragen antworte einfach auf diese E-Mail oder schreib uns an ${site.email}.`;
  return {
    subject: oneLine(`${cancelled ? 'Stornierung bestätigt' : 'Buchung geändert'}: ${event.title}`),
    html: layout(
      site,
      heading,
      paragraphHtml(`${greeting},`) +
        paragraphHtml(intro) +
        detailsTable(rows) +
        (paid ? paragraphHtml(paid) : '') +
        paragraphHtml(outro) +
        paragraphHtml(`Herzliche Grüsse\n${site.name}`),
    ),
    text: textLayout(
      site,
      heading,
      [`${greeting},`, intro, detailsText(rows), paid, outro, `Herzliche Grüsse\n${site.name}`]
        .filter(Boolean)
        .join('\n\n'),
    ),
  };
}

/** The provider's notice of a visitor's own cancellation or reduction. */
export function providerBookingChangeNotice(
  site: SiteSettings,
  participant: MailParticipant,
  event: MailEvent,
  change: MailChange,
): RenderedMail {
  const cancelled = change.kind === 'cancelled';
  const heading = cancelled ? 'Stornierung' : 'Buchung reduziert';
  const intro = cancelled
    ? `${participant.name} hat die Buchung für «${event.title}» storniert (${personsLabel(change.personsBefore)}).${change.keptCents > 0 ? ` Späte Stornierung: ${formatChf(change.keptCents / 100)} bleiben geschuldet.` : ''}`
    : `${participant.name} hat die Buchung für «${event.title}» von ${personsLabel(change.personsBefore)} auf ${personsLabel(change.personsAfter)} reduziert.`;
  const rows: Row[] = [
    ['Event', event.title],
    ['Datum', formatDateRange(event.startDate, event.endDate)],
    ['Buchungsnummer', participant.reference],
    ['Personen vorher', String(change.personsBefore)],
    ['Personen jetzt', String(change.personsAfter)],
    ['Name', participant.name],
    ['E-Mail', participant.email],
    ['Telefon', formatPhone(participant.phone)],
    ['Zahlungsart', paymentMethodLabel(participant.paymentMethod)],
    ['Zahlungsstatus', paymentStatusLabel(participant.paymentStatus)],
  ];
  return {
    subject: oneLine(`${heading}: ${event.title} – ${participant.name}`),
    html: layout(site, heading, paragraphHtml(intro) + detailsTable(rows)),
    text: textLayout(site, heading, `${intro}\n\n${detailsText(rows)}`),
  };
}

export function enquiryNotice(site: SiteSettings, enquiry: MailEnquiry): RenderedMail {
  const corporate = enquiry.kind === 'corporate-breathwork';
  const heading = corporate ? 'Anfrage Unternehmensangebot Breathwork' : 'Neue Kontaktanfrage';
  const rows: Row[] = [
    ['Name', enquiry.name],
    ['E-Mail', enquiry.email],
    ['Betreff', enquiry.subject],
  ];
  const intro = 'Antworten auf diese E-Mail gehen direkt an die anfragende Person.';
  const message = enquiry.message.trim() || '(keine Nachricht)';
  return {
    subject: oneLine(
      corporate
        ? `${heading}${enquiry.name ? ` – ${enquiry.name}` : ''}`
        : `Kontaktanfrage: ${enquiry.subject}`,
    ),
    html: layout(
      site,
      heading,
      detailsTable(rows) +
        `<div style="border-left:3px solid ${COLORS.primary};padding:4px 0 4px 14px;margin:8px 0 18px">${paragraphHtml(message)}</div>` +
        `<p style="margin:0;font-size:13px;color:${COLORS.muted}">${escapeHtml(intro)}</p>`,
    ),
    text: textLayout(site, heading, `${detailsText(rows)}\n\n${message}\n\n${intro}`),
  };
}

export function newsletterNotice(site: SiteSettings, email: string): RenderedMail {
  const heading = 'Neue Newsletter-Anmeldung';
  const intro = `${email} hat sich für den Newsletter angemeldet. Die Adresse wird aktiv, sobald die Person den Bestätigungslink von Mailchimp anklickt (Double Opt-in).`;
  return {
    subject: heading,
    html: layout(site, heading, paragraphHtml(intro)),
    text: textLayout(site, heading, intro),
  };
}

/** The invitation to the admin area (issue 16): the colleague creates an account at the link. */
export function adminInvitation(site: SiteSettings, invitation: MailInvitation): RenderedMail {
  const heading = 'Einladung in den Admin-Bereich';
  const link = `${site.url.replace(/\/$/, '')}/admin/signup?email=${encodeURIComponent(invitation.email)}`;
  const who = invitation.invitedBy ? `${invitation.invitedBy} lädt Sie` : 'Sie werden';
  const intro = `${who} ein, im Admin-Bereich von ${site.name} mitzuarbeiten. Erstellen Sie dazu ein Konto mit dieser E-Mail-Adresse (${invitation.email}):`;
  const outro =
    'Nach dem Erstellen erhalten Sie eine E-Mail, um Ihre Adresse zu bestätigen. Sobald ein Admin Ihr Konto freigeschaltet hat, können Sie sich anmelden.';
  return {
    subject: oneLine(`Einladung in den Admin-Bereich von ${site.name}`),
    html: layout(
      site,
      heading,
      paragraphHtml(intro) + buttonHtml(link, 'Konto erstellen') + paragraphHtml(outro),
    ),
    text: textLayout(site, heading, `${intro}\n${link}\n\n${outro}`),
  };
}

/**
 * A message from the team to one participant. Subject and text come from the admin's compose
 * form with the placeholders already filled in for this person (SQL, at queueing time).
 */
export function participantMessage(site: SiteSettings, message: MailMessage): RenderedMail {
  const subject = oneLine(message.subject);
  return {
    subject,
    html: layout(site, subject, paragraphHtml(message.text)),
    text: textLayout(site, subject, message.text),
  };
}

/** The token travels in the fragment, which browsers never send to a server. */
function siteLink(site: SiteSettings, path: string, token: string): string {
  return `${site.url.replace(/\/$/, '')}${path}#${encodeURIComponent(token)}`;
}

function waitlistRows(mail: WaitlistMail): Row[] {
  return [
    ['Event', mail.event.title],
    ['Datum', formatDateRange(mail.event.startDate, mail.event.endDate)],
    ['Zeit', displayTime(mail.event.startTime, mail.event.endTime)],
    ['Ort', mail.event.location],
    ['Personen', String(mail.entry.persons)],
    ['Total', formatTotal(mail.event.price, mail.entry.persons)],
  ];
}

/** The confirmation of a place on the waiting list, with the link to leave it. */
export function waitlistJoined(site: SiteSettings, mail: WaitlistMail, leaveToken: string): RenderedMail {
  const heading = 'Du bist auf der Warteliste';
  const greeting = `Hallo ${mail.entry.name}`;
  const intro = `Du stehst auf der Warteliste für «${mail.event.title}», auf Platz ${mail.entry.position}. Sobald Plätze frei werden, schicken wir dir ein Angebot per E-Mail; du hast dann ${mail.entry.offerHours} Stunden Zeit, es anzunehmen.`;
  const leave = siteLink(site, '/warteliste/austragen', leaveToken);
  const leaveText =
    'Falls du nicht mehr teilnehmen möchtest, kannst du dich hier von der Warteliste austragen:';
  return {
    subject: oneLine(`Warteliste: ${mail.event.title}`),
    html: layout(
      site,
      heading,
      paragraphHtml(`${greeting},`) +
        paragraphHtml(intro) +
        detailsTable(waitlistRows(mail)) +
        paragraphHtml(leaveText) +
        buttonHtml(leave, 'Von der Warteliste austragen') +
        paragraphHtml(`Herzliche Grüsse\n${site.name}`),
    ),
    text: textLayout(
      site,
      heading,
      [
        `${greeting},`,
        intro,
        detailsText(waitlistRows(mail)),
        `${leaveText}\n${leave}`,
        `Herzliche Grüsse\n${site.name}`,
      ].join('\n\n'),
    ),
  };
}

/** Seats are free: the offer with its claim link (valid until offerExpiresAt). */
export function waitlistOffer(site: SiteSettings, mail: WaitlistMail, claimToken: string): RenderedMail {
  // Words that agree with the number: '2 Plätze sind frei geworden', not 'Ein Platz ist …'.
  const freed = freedSeatsText(mail.entry.persons);
  const heading = freed.heading;
  const greeting = `Hallo ${mail.entry.name}`;
  const until = mail.entry.offerExpiresAt ? formatDateTime(mail.entry.offerExpiresAt) : '';
  const intro = `Gute Nachricht: Für «${mail.event.title}» ${freed.are} für dich frei. Wir halten ${freed.them} bis ${until} Uhr für dich. Buche jetzt über diesen Link:`;
  const claim = siteLink(site, '/warteliste/angebot', claimToken);
  const outro = `Nimmst du das Angebot bis dann nicht an, ${freed.go} an die nächste Person auf der Warteliste. Möchtest du nicht mehr teilnehmen, kannst du das Angebot über denselben Link ablehnen.`;
  return {
    subject: oneLine(`Platz frei: ${mail.event.title}`),
    html: layout(
      site,
      heading,
      paragraphHtml(`${greeting},`) +
        paragraphHtml(intro) +
        buttonHtml(claim, mail.entry.persons === 1 ? 'Platz jetzt buchen' : 'Plätze jetzt buchen') +
        detailsTable(waitlistRows(mail)) +
        paragraphHtml(outro) +
        paragraphHtml(`Herzliche Grüsse\n${site.name}`),
    ),
    text: textLayout(
      site,
      heading,
      [
        `${greeting},`,
        intro,
        claim,
        detailsText(waitlistRows(mail)),
        outro,
        `Herzliche Grüsse\n${site.name}`,
      ].join('\n\n'),
    ),
  };
}
