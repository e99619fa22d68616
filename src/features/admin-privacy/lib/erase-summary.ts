// The erasure's words on /admin/datenschutz, with every count in the right number ('1 Buchung',
// '2 Buchungen'; no 'Buchung(en)'), issue 26's rule for counts applied to the admin too.
import { bookingsLabel } from '@common/format.ts';

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The confirmation's first sentence: what 'Person löschen' cancels before it erases. */
export function upcomingCancellationText(upcoming: number): string {
  const verb = upcoming === 1 ? 'wird' : 'werden';
  return `${counted(upcoming, 'zukünftige Buchung', 'zukünftige Buchungen')} ${verb} storniert (bezahlte Beträge werden zurückerstattet); die Person erhält die Stornierungsmail, danach wird auch diese geleert. `;
}

/** What admin_erase_person reports it changed (its `counts`), as one sentence. */
export function eraseSummary(counts: Record<string, number>): string {
  const n = (key: string) => counts[key] ?? 0;
  const parts = [
    `${bookingsLabel(n('bookings'))} anonymisiert${n('cancelledBookings') > 0 ? `, davon ${n('cancelledBookings')} storniert` : ''}`,
  ];
  if (n('waitingList') > 0)
    parts.push(counted(n('waitingList'), 'Wartelisten-Eintrag', 'Wartelisten-Einträge'));
  if (n('enquiries') > 0) parts.push(counted(n('enquiries'), 'Anfrage', 'Anfragen'));
  if (n('newsletter') > 0) parts.push('Newsletter-Anmeldung');
  if (n('invitations') > 0) parts.push(counted(n('invitations'), 'Einladung', 'Einladungen'));
  if (n('giftVouchers') > 0)
    parts.push(counted(n('giftVouchers'), 'Geschenkgutschein', 'Geschenkgutscheine'));
  if (n('giftVoucherOrders') > 0)
    parts.push(counted(n('giftVoucherOrders'), 'Gutscheinbestellung', 'Gutscheinbestellungen'));
  parts.push(`${counted(n('mails'), 'E-Mail', 'E-Mails')} geleert`);
  return `Gelöscht: ${parts.join('; ')}.`;
}
