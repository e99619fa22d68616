import { ListState } from '@/components/ui/list-state';
import { useGiftVoucherOrders } from '../api/get-gift-voucher-orders';
import { OrderCard } from './order-card';

/** 'Bestellungen': the vouchers bought on /gutscheine, newest first, open and expired ones too. */
export function OrdersPanel() {
  const orders = useGiftVoucherOrders();
  const list = orders.data ?? [];
  return (
    <section aria-labelledby="orders-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="orders-heading" className="text-xl font-semibold">
          Bestellungen
        </h2>
        <p className="max-w-prose text-sm text-muted-foreground">
          Online gekaufte Gutscheine, die neuesten zuerst. Der Gutschein entsteht erst mit der Zahlung;
          «Abgelaufen» heisst, dass die Zahlung nicht abgeschlossen wurde.
        </p>
      </div>
      <ListState
        isPending={orders.isPending}
        isError={orders.isError}
        isEmpty={list.length === 0}
        errorText="Die Bestellungen konnten nicht geladen werden. Bitte laden Sie die Seite neu."
        emptyText="Noch keine Bestellungen."
      >
        <p role="status" className="text-sm text-muted-foreground">
          {list.length === 1 ? '1 Bestellung' : `${list.length} Bestellungen`}
        </p>
        <ul className="grid gap-3 md:grid-cols-2">
          {list.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      </ListState>
    </section>
  );
}
