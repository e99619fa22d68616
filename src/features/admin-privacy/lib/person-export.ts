import { formatChf } from '@common/format.ts';
import { z } from 'zod';
import { mailKindLabel } from '@common/mail-kinds.ts';

// public.admin_person_data's answer (docs/privacy.md): what the page lists and the summary prints.
// Unknown keys stay (passthrough): the JSON download is the whole answer, not this subset.

const eventRef = z.object({ title: z.string(), startDate: z.string().nullable() }).passthrough();

export const personExportSchema = z
  .object({
    email: z.string(),
    generatedAt: z.string(),
    rules: z.record(
      z.string(),
      z.object({ label: z.string(), keepDays: z.number().nullable(), description: z.string() }),
    ),
    bookings: z.array(
      z
        .object({
          rule: z.string(),
          bookkeepingRule: z.string(),
          reference: z.string(),
          name: z.string(),
          phone: z.string(),
          status: z.string(),
          persons: z.number(),
          registeredAt: z.string(),
          event: eventRef,
          payments: z.array(z.unknown()),
          receipts: z.array(z.unknown()).default([]),
        })
        .passthrough(),
    ),
    waitingList: z.array(
      z.object({ rule: z.string(), name: z.string(), status: z.string(), event: eventRef }).passthrough(),
    ),
    enquiries: z.array(
      z.object({ rule: z.string(), subject: z.string(), createdAt: z.string() }).passthrough(),
    ),
    newsletter: z.array(
      z.object({ rule: z.string(), status: z.string(), createdAt: z.string() }).passthrough(),
    ),
    mails: z.array(
      z
        .object({ rule: z.string(), kind: z.string(), state: z.string(), createdAt: z.string() })
        .passthrough(),
    ),
    adminInvitations: z.array(z.object({ rule: z.string(), createdAt: z.string() }).passthrough()),
    /** Gift vouchers mailed to the address (issue 28). */
    giftVouchers: z
      .array(
        z
          .object({ rule: z.string(), code: z.string(), balanceCents: z.number(), validUntil: z.string() })
          .passthrough(),
      )
      .default([]),
    /** Gift vouchers bought online where the address is the buyer's or the recipient's (issue 28). */
    giftVoucherOrders: z
      .array(
        z
          .object({
            rule: z.string(),
            reference: z.string(),
            kind: z.string(),
            title: z.string(),
            valueCents: z.number(),
            state: z.string(),
            buyerEmail: z.string(),
            createdAt: z.string(),
          })
          .passthrough(),
      )
      .default([]),
  })
  .passthrough();

export type PersonExport = z.infer<typeof personExportSchema>;

/** One line per stored item, in the German words of the page and the printed summary. */
export interface ExportItem {
  section: string;
  text: string;
  rule: string;
}

export const SECTION_LABELS = {
  bookings: 'Buchungen',
  waitingList: 'Wartelisten-Einträge',
  enquiries: 'Anfragen',
  newsletter: 'Newsletter',
  mails: 'E-Mails',
  adminInvitations: 'Einladungen in die Administration',
  giftVouchers: 'Geschenkgutscheine',
  giftVoucherOrders: 'Gutscheinbestellungen',
} as const;

const swissDate = (value: string | null) =>
  value
    ? new Intl.DateTimeFormat('de-CH', { dateStyle: 'medium', timeZone: 'Europe/Zurich' }).format(
        new Date(value),
      )
    : '–';

const STATES: Record<string, string> = {
  held: 'reserviert',
  confirmed: 'bestätigt',
  cancelled: 'storniert',
  expired: 'abgelaufen',
  waiting: 'wartet',
  offered: 'Platz angeboten',
  claimed: 'gebucht',
  left: 'ausgetragen',
  removed: 'entfernt',
  pending: 'unbestätigt',
  subscribed: 'angemeldet',
  unsubscribed: 'abgemeldet',
  queued: 'wartet auf Versand',
  sending: 'wird versendet',
  sent: 'versendet',
  failed: 'fehlgeschlagen',
  open: 'offen',
  paid: 'bezahlt',
};
/** A stored state in German; an unknown (newer) state as it is. */
const state = (value: string) => STATES[value] ?? value;

export function exportItems(data: PersonExport): ExportItem[] {
  return [
    ...data.bookings.map((b) => ({
      section: SECTION_LABELS.bookings,
      text: `${b.reference}: ${b.event.title} (${swissDate(b.event.startDate)}), ${b.persons} Pers., ${state(b.status)}, ${b.payments.length} Zahlung(en), ${b.receipts.length} Beleg(e)`,
      rule: b.rule,
    })),
    ...data.waitingList.map((w) => ({
      section: SECTION_LABELS.waitingList,
      text: `${w.event.title} (${swissDate(w.event.startDate)}), ${state(w.status)}`,
      rule: w.rule,
    })),
    ...data.enquiries.map((q) => ({
      section: SECTION_LABELS.enquiries,
      text: `${q.subject || 'Anfrage'} vom ${swissDate(q.createdAt)}`,
      rule: q.rule,
    })),
    ...data.newsletter.map((s) => ({
      section: SECTION_LABELS.newsletter,
      text: `Anmeldung vom ${swissDate(s.createdAt)}, ${state(s.status)}`,
      rule: s.rule,
    })),
    ...data.mails.map((m) => ({
      section: SECTION_LABELS.mails,
      text: `${mailKindLabel(m.kind)} vom ${swissDate(m.createdAt)}, ${state(m.state)}`,
      rule: m.rule,
    })),
    ...data.giftVouchers.map((g) => ({
      section: SECTION_LABELS.giftVouchers,
      text: `${g.code}, Guthaben ${formatChf(g.balanceCents / 100)}, gültig bis ${swissDate(g.validUntil)}`,
      rule: g.rule,
    })),
    ...data.giftVoucherOrders.map((o) => ({
      section: SECTION_LABELS.giftVoucherOrders,
      text: `${o.reference}: ${o.kind === 'offer' ? o.title : 'Wertgutschein'}, ${formatChf(o.valueCents / 100)}, ${o.buyerEmail === data.email ? 'gekauft' : 'erhalten'} am ${swissDate(o.createdAt)}, ${state(o.state)}`,
      rule: o.rule,
    })),
    ...data.adminInvitations.map((i) => ({
      section: SECTION_LABELS.adminInvitations,
      text: `Einladung vom ${swissDate(i.createdAt)}`,
      rule: i.rule,
    })),
  ];
}

/** The retention rule in words: "Erledigte Anfragen: 365 Tage – …". */
export function ruleText(data: PersonExport, key: string): string {
  const rule = data.rules[key];
  if (!rule) return key;
  const days = rule.keepDays === null ? 'ohne feste Frist' : `${rule.keepDays} Tage`;
  return `${rule.label} (${days}): ${rule.description}`;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A printable German summary of the export: every item with the rule that ends it. */
export function exportSummaryHtml(data: PersonExport): string {
  const items = exportItems(data);
  const rows = items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.section)}</td><td>${escapeHtml(item.text)}</td><td>${escapeHtml(ruleText(data, item.rule))}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="de-CH">
<head><meta charset="utf-8"><title>Auskunft über gespeicherte Daten: ${escapeHtml(data.email)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:.4rem;text-align:left;vertical-align:top}</style>
</head>
<body>
<h1>Auskunft über gespeicherte Daten</h1>
<p>E-Mail-Adresse: <strong>${escapeHtml(data.email)}</strong><br>Erstellt am ${escapeHtml(swissDate(data.generatedAt))}</p>
<p>${items.length === 0 ? 'Zu dieser Adresse sind keine Daten gespeichert.' : `${items.length} Einträge. Die vollständigen Angaben stehen in der JSON-Datei.`}</p>
<table>
<thead><tr><th scope="col">Bereich</th><th scope="col">Eintrag</th><th scope="col">Aufbewahrung</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
}
