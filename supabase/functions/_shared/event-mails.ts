import { formatDateRange } from '@common/format.ts';
import type { SiteSettings } from './env.ts';
import {
  bookingRows,
  buttonHtml,
  detailsTable,
  detailsText,
  layout,
  MANAGE_LINK_LABEL,
  manageUrl,
  oneLine,
  paragraphHtml,
  textLayout,
  type ManageLink,
  type RenderedMail,
  type Row,
} from './templates.ts';
import { displayTime } from '@common/event-time.ts';
import { type MailTicket, ticketHtml, ticketText } from './ticket-qr.ts';
import type {
  CancellationNotice,
  ChangeNotice,
  MailEvent,
  MailParticipant,
  NoticeSchedule,
} from './mail-payloads.ts';

// The mails about an event itself (issue 14): the reminder the day before, and the admin's
// notices when an event is cancelled or its date, time or place changes. Queued by the SQL of
// supabase/schemas/60_admin.sql; the layout and rows are templates.ts's.

export const SIGNATURE = (site: SiteSettings) => `Herzliche Grüsse\n${site.name}`;

export function questions(site: SiteSettings): string {
  return `Bei Fragen antworte einfach auf diese E-Mail oder schreib uns an ${site.email}.`;
}

/** A part of a mail: a paragraph (empty: left out), a table of rows, or a button with its intro. */
export type MailPart =
  | { text: string }
  | { rows: Row[] }
  | { button: { href: string; label: string; intro: string } }
  /** The QR ticket (its image travels as the attachment ticketAttachment makes). */
  | { ticket: MailTicket };

/** Paragraphs and an optional button, once as HTML and once as plain text. */
export function mail(site: SiteSettings, subject: string, heading: string, parts: MailPart[]): RenderedMail {
  const html = parts
    .map((part) => {
      if ('rows' in part) return detailsTable(part.rows);
      if ('ticket' in part) return ticketHtml(part.ticket);
      if ('button' in part)
        return paragraphHtml(part.button.intro) + buttonHtml(part.button.href, part.button.label);
      return part.text ? paragraphHtml(part.text) : '';
    })
    .join('');
  const text = parts
    .map((part) => {
      if ('rows' in part) return detailsText(part.rows);
      if ('ticket' in part) return ticketText(part.ticket);
      if ('button' in part) return `${part.button.intro}\n${part.button.href}`;
      return part.text;
    })
    .filter(Boolean)
    .join('\n\n');
  return {
    subject: oneLine(subject),
    html: layout(site, heading, html),
    text: textLayout(site, heading, text),
  };
}

export function scheduleRows(event: NoticeSchedule): Row[] {
  return [
    ['Datum', formatDateRange(event.startDate, event.endDate)],
    ['Zeit', displayTime(event.startTime, event.endTime)],
    ['Ort', event.location],
  ];
}

/** The reminder the day before: when, where, what to bring, and the manage link. */
export function eventReminder(
  site: SiteSettings,
  participant: MailParticipant,
  event: MailEvent,
  manage: ManageLink,
  ticket?: MailTicket,
): RenderedMail {
  const rows: Row[] = [
    ['Event', event.title],
    ...scheduleRows(event),
    ['Bitte mitbringen', event.bringAlong ?? ''],
    ...bookingRows(participant, event, { money: false }),
  ];
  return mail(site, `Erinnerung: ${event.title} ist morgen`, 'Bis morgen!', [
    { text: `Hallo ${participant.name},` },
    {
      text: `Wir freuen uns auf dich: Morgen findet «${event.title}» statt. Hier noch einmal alles Wichtige:`,
    },
    { rows },
    ...(ticket ? [{ ticket }] : []),
    {
      button: {
        intro: 'Kannst du nicht kommen? Über diesen Link kannst du deine Buchung ansehen oder ändern:',
        href: manageUrl(site, manage.reference, manage.token),
        label: MANAGE_LINK_LABEL,
      },
    },
    { text: questions(site) },
    { text: SIGNATURE(site) },
  ]);
}

/** 'Event absagen': the event does not take place. */
export function eventCancelled(site: SiteSettings, notice: CancellationNotice): RenderedMail {
  const { event } = notice;
  const when = formatDateRange(event.startDate, event.endDate);
  const what = notice.waitlist
    ? 'Dein Platz auf der Warteliste fällt damit weg.'
    : `Deine Buchung ist damit hinfällig.${notice.paid ? ' Den bezahlten Betrag erstatten wir dir zurück.' : ''}`;
  return mail(site, `Abgesagt: ${event.title}`, 'Das Event findet nicht statt', [
    { text: `Hallo ${notice.name},` },
    { text: `Leider müssen wir «${event.title}» vom ${when} absagen. Es tut uns sehr leid.` },
    { text: notice.message },
    { text: what },
    { rows: [['Event', event.title], ...scheduleRows(event)] },
    { text: questions(site) },
    { text: SIGNATURE(site) },
  ]);
}

/** The rows that changed, as 'alt → neu'. */
export function changedRows(before: NoticeSchedule, after: NoticeSchedule): Row[] {
  const old = new Map(scheduleRows(before));
  return scheduleRows(after)
    .filter(([label, value]) => old.get(label) !== value)
    .map(([label, value]) => [label, `${old.get(label) || '(keine Angabe)'} → ${value || '(keine Angabe)'}`]);
}

/** After a save that changed date, time or place: what changed, old → new. */
export function eventChanged(site: SiteSettings, notice: ChangeNotice): RenderedMail {
  const { event } = notice;
  const manage =
    notice.reference && notice.manageToken ? manageUrl(site, notice.reference, notice.manageToken) : null;
  return mail(site, `Geändert: ${event.title}`, 'Das Event hat sich geändert', [
    { text: `Hallo ${notice.name},` },
    { text: `Bei «${event.title}» hat sich etwas geändert:` },
    { rows: changedRows(notice.before, event) },
    { text: notice.message },
    { text: 'So sieht das Event jetzt aus:' },
    { rows: [['Event', event.title], ...scheduleRows(event)] },
    ...(manage
      ? [
          {
            button: {
              intro:
                'Passt dir der neue Termin nicht? Über diesen Link kannst du deine Buchung ansehen oder stornieren:',
              href: manage,
              label: MANAGE_LINK_LABEL,
            },
          },
        ]
      : notice.waitlist
        ? [{ text: 'Du bleibst auf der Warteliste; wir melden uns, sobald ein Platz frei wird.' }]
        : []),
    { text: questions(site) },
    { text: SIGNATURE(site) },
  ]);
}
