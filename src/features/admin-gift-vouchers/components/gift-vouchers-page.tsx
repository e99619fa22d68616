import { useSearchParams } from 'react-router-dom';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { GiftVoucherList } from './gift-voucher-list';
import { IssueGiftVoucherForm } from './issue-gift-voucher-form';
import { OffersPanel } from './offers-panel';
import { OrdersPanel } from './orders-panel';

const VIEWS = ['gutscheine', 'angebote', 'bestellungen'] as const;
type View = (typeof VIEWS)[number];

/**
 * /admin/gutscheine (issue 28): issue a voucher, find one, void it, see where it was redeemed;
 * 'Angebote' sold on /gutscheine; 'Bestellungen' from there. The tab and a voucher search live in
 * the URL (`ansicht`, `suche`), so an order links to its voucher and a reload keeps the place.
 * On 'Gutscheine' the form comes first: the list only grows, and issuing is what the team comes
 * here for most.
 */
export function GiftVouchersPage() {
  const [params, setParams] = useSearchParams();
  const view = VIEWS.find((candidate) => candidate === params.get('ansicht')) ?? 'gutscheine';

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-semibold">Gutscheine</h1>
        <p className="text-muted-foreground">
          Geschenkgutscheine, die Kundinnen und Kunden bei einer Buchung einlösen, auch in Teilen. Das
          Guthaben ändert sich nur durch Einlösen und durch Gutschriften bei einer Stornierung; ein ungültiger
          Gutschein lässt sich nicht mehr einlösen.
        </p>
      </header>
      <Tabs value={view} onValueChange={(value) => setParams({ ansicht: value as View }, { replace: true })}>
        <TabsList className="h-auto flex-wrap justify-start">
          <TabsTrigger value="gutscheine">Gutscheine</TabsTrigger>
          <TabsTrigger value="angebote">Angebote</TabsTrigger>
          <TabsTrigger value="bestellungen">Bestellungen</TabsTrigger>
        </TabsList>
        <TabsContent value="gutscheine" className="mt-6 space-y-10">
          <IssueGiftVoucherForm />
          {/* Keyed by the search: following an order's voucher link again starts from its code. */}
          <GiftVoucherList key={params.get('suche') ?? ''} initialQuery={params.get('suche') ?? ''} />
        </TabsContent>
        <TabsContent value="angebote" className="mt-6">
          <OffersPanel />
        </TabsContent>
        <TabsContent value="bestellungen" className="mt-6">
          <OrdersPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
