import { formatChf, formatDateLong, formatDateRange, personsLabel } from '@common/format.ts';
import type { SiteSettings } from './env.ts';
import { mail, type MailPart, questions, scheduleRows, SIGNATURE } from './event-mails.ts';
import type { MailEvent, MailMoney, MailParticipant, NoticeEvent, StaffCancel } from './mail-payloads.ts';
import {
  bookingRows,
  eventRows,
  MANAGE_LINK_LABEL,
  manageUrl,
  type ManageLink,
  type RenderedMail,
  type Row,
  stripeRefundTarget,
} from './templates.ts';

// The customer's mails about what the team changed on a booking (issue 24): a cancellation (with
// whether and how much is refunded), a move to another date (with the new calendar file, attached
// by outbox.ts) and a change of persons (with the pay link when money is open). Queued by the
// booking transitions in SQL (admin_cancel_booking, admin_move_booking, admin_change_persons);
// visitor texts use "du".

/** The label of the button that leads to the manage page's "Jetzt bezahlen". */
export const PAY_LINK_LABEL = 'Jetzt bezahlen';

const chf = (cents: number) => formatChf(cents / 100);

function linkOf(site: SiteSettings, manage: ManageLink | undefined): string | null {
  return manage ? manageUrl(site, manage.reference, manage.token) : null;
}

/**
 * What is open or overpaid after the change, and how to settle it; an online booking with money
 * open gets the pay link (the manage page opens a new Checkout for the difference).
 */
function moneyParts(participant: MailParticipant, money: MailMoney, link: string | null): MailPart[] {
  if (money.openCents > 0) {
    const open = `Damit sind noch ${chf(money.openCents)} offen.`;
    switch (participant.paymentMethod) {
      case 'stripe':
        return link
          ? [
              {
                button: {
                  intro: `${open} Du kannst den Betrag hier online mit Karte oder TWINT bezahlen:`,
                  href: link,
                  label: PAY_LINK_LABEL,
                },
              },
            ]
          : [{ text: `${open} Du kannst den Betrag online mit Karte oder TWINT bezahlen.` }];
      case 'onsite':
        return [{ text: `${open} Du bezahlst den Betrag vor Ort, bar oder mit TWINT.` }];
      case 'invoice':
        return [{ text: `${open} Wir melden uns bei dir, wie du den Betrag bezahlen kannst.` }];
      default:
        return [{ text: open }];
    }
  }
  if (money.excessCents > 0) {
    return [
      {
        text: `Du hast damit ${chf(money.excessCents)} mehr bezahlt als nötig. Wir melden uns bei dir wegen der Rückerstattung.`,
      },
    ];
  }
  return [];
}

/** The manage link (see or change the booking), unless a pay button already leads there. */
function manageParts(link: string | null, money: MailMoney, participant: MailParticipant): MailPart[] {
  const payButton = money.openCents > 0 && participant.paymentMethod === 'stripe';
  if (!link || payButton) return [];
  return [
    {
      button: {
        intro:
          'Über diesen Link kannst du deine Buchung ansehen, die Anzahl Personen reduzieren oder sie stornieren:',
        href: link,
        label: MANAGE_LINK_LABEL,
      },
    },
  ];
}

/** What the cancellation means for the money: refunded (how much, how), kept, or nothing paid. */
function refundText(cancel: StaffCancel, paidMethod: string | null | undefined): string {
  const refund = chf(cancel.refundCents);
  if (cancel.refundCents > 0) {
    const part =
      cancel.paidCents !== undefined && cancel.paidCents > cancel.refundCents
        ? `Von den bezahlten ${chf(cancel.paidCents)} erstatten wir dir ${refund} zurück`
        : `Wir erstatten dir den bezahlten Betrag von ${refund} zurück`;
    // This mail is the refund's only notice (the SQL queues the refund without a refund_issued mail).
    return cancel.refundMethod === 'stripe'
      ? `${part}, ${stripeRefundTarget(paidMethod)}. Je nach Bank dauert es einige Tage, bis du den Betrag siehst.`
      : `${part}, per Banküberweisung. Falls wir dafür deine Kontoangaben brauchen, melden wir uns bei dir.`;
  }
  if (cancel.paidCents !== undefined && cancel.paidCents > 0) {
    return `Den bezahlten Betrag von ${chf(cancel.paidCents)} erstatten wir nicht zurück. Bei Fragen dazu melde dich gerne bei uns.`;
  }
  if (cancel.paidCents === 0) return 'Du hast noch nichts bezahlt, es fallen für dich keine Kosten an.';
  return '';
}

/** The team cancelled the booking: whether and how much is refunded, and how. */
export function bookingCancelled(
  site: SiteSettings,
  participant: MailParticipant,
  event: MailEvent,
  cancel: StaffCancel,
): RenderedMail {
  const when = formatDateRange(event.startDate, event.endDate);
  const rows: Row[] = [
    ['Event', event.title],
    ...scheduleRows(event),
    ['Buchungsnummer', participant.reference],
    ['Personen', String(participant.persons)],
    ['Rückerstattung', cancel.refundCents > 0 ? chf(cancel.refundCents) : ''],
  ];
  return mail(site, `Buchung storniert: ${event.title}`, 'Deine Buchung ist storniert', [
    { text: `Hallo ${participant.name},` },
    {
      text: `Wir haben deine Buchung ${participant.reference} für «${event.title}»${when ? ` vom ${when}` : ''} storniert. Deine Plätze sind damit freigegeben.`,
    },
    { text: cancel.note.trim() },
    { text: refundText(cancel, participant.paidMethod) },
    { rows },
    { text: questions(site) },
    { text: SIGNATURE(site) },
  ]);
}

/** The team moved the booking to another event; the new calendar file is attached. */
export function bookingMoved(
  site: SiteSettings,
  participant: MailParticipant,
  event: MailEvent,
  before: NoticeEvent,
  money: MailMoney,
  manage?: ManageLink,
): RenderedMail {
  const link = linkOf(site, manage);
  return mail(site, `Buchung verschoben: ${event.title}`, 'Deine Buchung wurde verschoben', [
    { text: `Hallo ${participant.name},` },
    {
      text: `Wir haben deine Buchung ${participant.reference} auf einen anderen Termin verschoben. Die Kalenderdatei für den neuen Termin ist angehängt; bleibt der alte Termin in deinem Kalender stehen, kannst du ihn löschen.`,
    },
    { text: 'Bisher:' },
    { rows: [['Event', before.title], ...scheduleRows(before)] },
    { text: 'Neu:' },
    { rows: [...eventRows(event), ...bookingRows(participant, event)] },
    ...moneyParts(participant, money, link),
    ...manageParts(link, money, participant),
    { text: questions(site) },
    { text: SIGNATURE(site) },
  ]);
}

/** The team changed the number of persons; money open is payable through the manage page. */
export function bookingUpdated(
  site: SiteSettings,
  participant: MailParticipant,
  event: MailEvent,
  persons: { before: number; after: number },
  money: MailMoney,
  manage?: ManageLink,
): RenderedMail {
  const link = linkOf(site, manage);
  const booked = { ...participant, persons: persons.after };
  return mail(site, `Buchung angepasst: ${event.title}`, 'Deine Buchung wurde angepasst', [
    { text: `Hallo ${participant.name},` },
    {
      text: `Wir haben deine Buchung ${participant.reference} für «${event.title}» von ${personsLabel(persons.before)} auf ${personsLabel(persons.after)} geändert.`,
    },
    { rows: [...eventRows(event), ...bookingRows(booked, event)] },
    ...moneyParts(participant, money, link),
    ...manageParts(link, money, participant),
    { text: questions(site) },
    { text: SIGNATURE(site) },
  ]);
}

/**
 * The friendly reminder of an unpaid invoice (issue 29), once, some days after the due date; the
 * same QR bill is attached again by outbox.ts. No reproach: payments cross in the post.
 */
export function invoiceReminder(
  site: SiteSettings,
  participant: MailParticipant,
  event: MailEvent,
  reminder: { dueDate: string; openCents: number },
  hasBill: boolean,
): RenderedMail {
  const when = formatDateRange(event.startDate, event.endDate);
  const due = formatDateLong(reminder.dueDate);
  const rows: Row[] = [
    ['Event', event.title],
    ...scheduleRows(event),
    ['Buchungsnummer', participant.reference],
    ['Personen', String(participant.persons)],
    ['Offen', chf(reminder.openCents)],
    ['Zahlbar bis', due],
  ];
  return mail(site, `Zahlungserinnerung: ${event.title}`, 'Kleine Erinnerung an deine Rechnung', [
    { text: `Hallo ${participant.name},` },
    {
      text: `Für deine Buchung ${participant.reference} für «${event.title}»${when ? ` vom ${when}` : ''} haben wir bis zum ${due} noch keine Zahlung erhalten. Es sind noch ${chf(reminder.openCents)} offen.`,
    },
    {
      text: hasBill
        ? 'Die Rechnung mit dem QR-Einzahlungsschein hängt noch einmal an. Bitte bezahle sie mit der QR-Referenz darauf, dann können wir die Zahlung deiner Buchung zuordnen.'
        : 'Bitte bezahle den offenen Betrag mit der QR-Referenz aus deiner Buchungsbestätigung.',
    },
    {
      text: 'Hast du in den letzten Tagen schon bezahlt? Dann haben sich unsere Nachrichten gekreuzt und du kannst diese Erinnerung ignorieren.',
    },
    { rows },
    { text: questions(site) },
    { text: SIGNATURE(site) },
  ]);
}
