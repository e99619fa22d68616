import { GiftVoucherList } from './gift-voucher-list';
import { IssueGiftVoucherForm } from './issue-gift-voucher-form';

/**
 * /admin/gutscheine (issue 28): issue a voucher, find one, void it, see where it was redeemed.
 * The form comes first: the list only grows, and issuing is what the team comes here for most.
 */
export function GiftVouchersPage() {
  return (
    <div className="space-y-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-semibold">Gutscheine</h1>
        <p className="text-muted-foreground">
          Geschenkgutscheine, die Kundinnen und Kunden bei einer Buchung einlösen, auch in Teilen. Das
          Guthaben ändert sich nur durch Einlösen und durch Gutschriften bei einer Stornierung; ein ungültiger
          Gutschein lässt sich nicht mehr einlösen.
        </p>
      </header>
      <IssueGiftVoucherForm />
      <GiftVoucherList />
    </div>
  );
}
