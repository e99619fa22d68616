import { Buffer } from 'node:buffer';
import { formatChf, formatDateLong } from '@common/format.ts';
import type { SiteSettings } from './env.ts';
import type { MailAttachment } from './mail.ts';
import type { GiftVoucherMail } from './mail-payloads.ts';
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
  const worth = voucher.kind === 'offer' ? `«${voucher.title}»` : `${formatChf(voucher.valueCents / 100)}`;
  const intro = `Du hast einen Geschenkgutschein von ${site.name} über ${worth} erhalten. Den Gutschein zum Ausdrucken findest du als PDF im Anhang.`;
  const how = `Gib beim Buchen auf ${site.url.replace(/^https?:\/\//, '').replace(/\/$/, '')} den Gutscheincode ein: Der Gutschein bezahlt die Buchung ganz oder zum Teil, ein Rest bleibt für später.`;
  const rows: Row[] = [
    ['Gutscheincode', voucher.code],
    ['Wert', formatChf(voucher.valueCents / 100)],
    ...(voucher.kind === 'offer' ? ([['Angebot', voucher.title]] satisfies Row[]) : []),
    ['Gültig bis', formatDateLong(voucher.validUntil)],
  ];
  const message = voucher.message.trim();
  const outro = `Bei Fragen antworte einfach auf diese E-Mail oder schreib uns an ${site.email}.`;
  return {
    subject: oneLine(`Dein Geschenkgutschein von ${site.name}`),
    html: layout(
      site,
      heading,
      paragraphHtml(`${greeting},`) +
        paragraphHtml(intro) +
        (message ? paragraphHtml(`«${message}»`) : '') +
        detailsTable(rows) +
        paragraphHtml(how) +
        paragraphHtml(outro) +
        paragraphHtml(`Herzliche Grüsse\n${site.name}`),
    ),
    text: textLayout(
      site,
      heading,
      [
        `${greeting},`,
        intro,
        ...(message ? [`«${message}»`] : []),
        detailsText(rows),
        how,
        outro,
        `Herzliche Grüsse\n${site.name}`,
      ].join('\n\n'),
    ),
  };
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
