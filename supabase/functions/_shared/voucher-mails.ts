import { Buffer } from 'node:buffer';
import { formatChf, formatDateLong, onlinePaymentLabel, paidMethodLabel } from '@common/format.ts';
import type { SiteSettings } from './env.ts';
import type { MailAttachment } from './mail.ts';
import type { InvoiceSubject } from './invoice.ts';
import type { GiftVoucherInvoiceMail, GiftVoucherMail, GiftVoucherOrderMail } from './mail-payloads.ts';
import {
  detailsTable,
  detailsText,
  layout,
  oneLine,
  paragraphHtml,
  textLayout,
  type RenderedMail,
  type Row,
} from './templates.ts';
import { renderVoucherPdf } from './voucher-pdf.ts';

// The gift voucher's mail (issue 28): a few words, the code and its value, and the printable PDF
// (voucher-pdf.ts). It goes to whoever the team or the buyer named, on the chosen day.

/** The mail's text: for the recipient when named, else for whoever prints and hands it over. */
export function giftVoucherMail(site: SiteSettings, { voucher }: GiftVoucherMail): RenderedMail {
  const heading = 'Ein Geschenkgutschein für dich';
  const greeting = voucher.recipientName ? `Hallo ${voucher.recipientName}` : 'Hallo';
  const intro = `Du hast einen Geschenkgutschein von ${site.name} über ${voucherWorth(voucher)} erhalten. Den Gutschein zum Ausdrucken findest du als PDF im Anhang.`;
  const how = `Gib beim Buchen auf ${site.url.replace(/^https?:\/\//, '').replace(/\/$/, '')} den Gutscheincode ein: Der Gutschein bezahlt die Buchung ganz oder zum Teil, ein Rest bleibt für später.`;
  const rows: Row[] = [
    ['Gutscheincode', voucher.code],
    ['Wert', formatChf(voucher.valueCents / 100)],
    ...(voucher.kind === 'offer' ? ([['Angebot', voucher.title]] satisfies Row[]) : []),
    ['Gültig bis', formatDateLong(voucher.validUntil)],
  ];
  const message = voucher.message.trim();
  return letter(site, {
    subject: `Dein Geschenkgutschein von ${site.name}`,
    heading,
    greeting,
    before: [intro, ...(message ? [`«${message}»`] : [])],
    rows,
    after: [how],
  });
}

/** The printable voucher; without the provider's address yet, the site's name stands for it. */
export async function giftVoucherAttachment(
  site: SiteSettings,
  mail: GiftVoucherMail,
): Promise<MailAttachment> {
  const provider = mail.provider ?? {
    name: site.name,
    street: '',
    buildingNumber: '',
    postalCode: '',
    city: '',
    country: '',
  };
  const pdf = await renderVoucherPdf({ ...mail.voucher, provider: { ...provider, siteUrl: site.url } });
  return {
    filename: `Gutschein-${mail.voucher.code}.pdf`,
    content: Buffer.from(pdf).toString('base64'),
    contentType: 'application/pdf',
  };
}

/**
 * The buyer's confirmation of a voucher bought online: what they paid, and to whom and on which
 * day the voucher goes. The code itself travels only in the voucher's own mail (giftVoucherMail),
 * so a voucher meant as a surprise stays one until its day.
 */
export function giftVoucherOrderMail(site: SiteSettings, { order }: GiftVoucherOrderMail): RenderedMail {
  const heading = 'Danke für deinen Gutscheinkauf';
  const intro = `Wir haben deine Zahlung erhalten. Dein Geschenkgutschein über ${voucherWorth(order)} ist ausgestellt.`;
  const delivery = deliveryText(order);
  const rows: Row[] = [
    ['Bestellnummer', order.reference],
    ['Gutschein', order.kind === 'offer' ? order.title : 'Wertgutschein'],
    ['Betrag', formatChf(order.valueCents / 100)],
    [
      'Bezahlt mit',
      order.method === 'invoice' ? paidMethodLabel('invoice') : onlinePaymentLabel(order.method),
    ],
    ['Versand am', formatDateLong(order.sendOn)],
    ['Gültig bis', formatDateLong(order.validUntil)],
  ];
  return letter(site, {
    subject: `Dein Gutscheinkauf bei ${site.name}`,
    heading,
    greeting: `Hallo ${order.buyerName}`,
    before: [intro, delivery],
    rows,
    after: [],
  });
}

type VoucherOrder = GiftVoucherInvoiceMail['order'];

/** Where and when the voucher goes: to the buyer, or to the recipient by name and address. */
function deliveryText(order: VoucherOrder): string {
  return order.toBuyer
    ? `Wir schicken dir den Gutschein als PDF zum Ausdrucken am ${formatDateLong(order.sendOn)} an ${order.sendTo}.`
    : `Wir schicken den Gutschein als PDF am ${formatDateLong(order.sendOn)} an ${order.recipientName || order.sendTo} (${order.sendTo}).`;
}

/** '«Fondue-Abend für 2 Personen»' or 'CHF 150.00'. */
function voucherWorth({
  kind,
  title,
  valueCents,
}: Pick<VoucherOrder, 'kind' | 'title' | 'valueCents'>): string {
  return kind === 'offer' ? `«${title}»` : formatChf(valueCents / 100);
}

/** The invoice PDF's lines for a voucher order (invoice.ts draws it with the QR bill). */
export function giftVoucherInvoice(order: VoucherOrder): InvoiceSubject {
  return {
    debtorName: order.buyerName,
    debtorEmail: order.buyerEmail,
    number: ['Bestellnummer', order.reference],
    rows: [
      ['Gutschein', order.kind === 'offer' ? order.title : 'Wertgutschein'],
      ...(order.recipientName ? ([['Für', order.recipientName]] satisfies [string, string][]) : []),
    ],
    message: `Geschenkgutschein ${order.reference}`,
  };
}

/**
 * The QR bill for a voucher bought by invoice: the voucher is issued once the money is in (the
 * bank file), and then sent on the chosen day, or at once if that day has passed.
 */
export function giftVoucherInvoiceMail(
  site: SiteSettings,
  { order, invoice }: GiftVoucherInvoiceMail,
): RenderedMail {
  const heading = 'Deine Rechnung für den Geschenkgutschein';
  const due = formatDateLong(invoice.dueDate);
  const intro = `Danke für deine Bestellung eines Geschenkgutscheins über ${voucherWorth(order)}. Im Anhang findest du die Rechnung mit QR-Einzahlungsschein; bitte bezahle sie bis ${due}.`;
  const after = `Sobald deine Zahlung bei uns eingegangen ist, stellen wir den Gutschein aus. ${deliveryText(order)} Ist der Tag dann schon vorbei, schicken wir ihn sofort.`;
  const rows: Row[] = [
    ['Bestellnummer', order.reference],
    ['Gutschein', order.kind === 'offer' ? order.title : 'Wertgutschein'],
    ['Betrag', formatChf(invoice.amountCents / 100)],
    ['Zahlbar bis', due],
  ];
  return letter(site, {
    subject: `Rechnung für deinen Geschenkgutschein bei ${site.name}`,
    heading,
    greeting: `Hallo ${order.buyerName}`,
    before: [intro],
    rows,
    after: [after],
  });
}

interface Letter {
  subject: string;
  heading: string;
  greeting: string;
  /** Paragraphs above the details, and below them (before the closing lines). */
  before: string[];
  rows: Row[];
  after: string[];
}

/** The voucher mails' one shape: greeting, paragraphs, the details, paragraphs, how to reach us. */
function letter(
  site: SiteSettings,
  { subject, heading, greeting, before, rows, after }: Letter,
): RenderedMail {
  const outro = `Bei Fragen antworte einfach auf diese E-Mail oder schreib uns an ${site.email}.`;
  const closing = `Herzliche Grüsse\n${site.name}`;
  const above = [`${greeting},`, ...before];
  const below = [...after, outro, closing];
  return {
    subject: oneLine(subject),
    html: layout(
      site,
      heading,
      above.map(paragraphHtml).join('') + detailsTable(rows) + below.map(paragraphHtml).join(''),
    ),
    text: textLayout(site, heading, [...above, detailsText(rows), ...below].join('\n\n')),
  };
}
