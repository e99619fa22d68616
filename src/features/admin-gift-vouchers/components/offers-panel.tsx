import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListState } from '@/components/ui/list-state';
import { toast } from '@/components/ui/use-toast';
import { adminErrorMessage } from '@/lib/error-codes';
import { formatChf } from '@common/format.ts';
import {
  useGiftVoucherOffers,
  useMoveGiftVoucherOffer,
  useSetGiftVoucherOfferActive,
} from '../api/gift-voucher-offers';
import { movedPositions, nextPosition } from '../offer-schema';
import type { GiftVoucherOffer } from '../types';
import { OfferDialog } from './offer-dialog';

// The buttons name their offer in aria-label ('Bearbeiten: Kochkurs'): visible text first, so
// the spoken name starts with what is seen (WCAG 2.5.3).

/**
 * 'Angebote': the offer vouchers sold on /gutscheine, in the order shown there. Deactivated, not
 * deleted: orders keep their offer (see api/gift-voucher-offers.ts).
 */
export function OffersPanel() {
  const offers = useGiftVoucherOffers();
  const setActive = useSetGiftVoucherOfferActive();
  const move = useMoveGiftVoucherOffer();
  const list = offers.data ?? [];
  const busy = setActive.isPending || move.isPending;

  async function toggle(offer: GiftVoucherOffer) {
    try {
      await setActive.mutateAsync({ id: offer.id, active: !offer.active });
      toast({ title: offer.active ? 'Angebot deaktiviert' : 'Angebot aktiviert', description: offer.title });
    } catch (error) {
      toast({ title: 'Nicht gespeichert', description: adminErrorMessage(error), variant: 'destructive' });
    }
  }

  async function shift(offer: GiftVoucherOffer, step: -1 | 1) {
    try {
      await move.mutateAsync(movedPositions(list, offer.id, step));
    } catch (error) {
      toast({
        title: 'Reihenfolge nicht gespeichert',
        description: adminErrorMessage(error),
        variant: 'destructive',
      });
    }
  }

  return (
    <section aria-labelledby="offers-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h2 id="offers-heading" className="text-xl font-semibold">
            Angebote
          </h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            Angebotsgutscheine, die auf der Seite «Gutscheine» gekauft werden können, in dieser Reihenfolge.
            Angebote werden nicht gelöscht, damit jede Bestellung ihr Angebot behält: Deaktivieren Sie ein
            Angebot, das nicht mehr verkauft werden soll.
          </p>
        </div>
        <OfferDialog position={nextPosition(list)} />
      </div>
      <ListState
        isPending={offers.isPending}
        isError={offers.isError}
        isEmpty={list.length === 0}
        errorText="Die Angebote konnten nicht geladen werden. Bitte laden Sie die Seite neu."
        emptyText="Noch keine Angebote. Ohne Angebot lassen sich online nur Wertgutscheine kaufen."
      >
        <ol className="divide-y rounded-md border" aria-label="Angebote">
          {list.map((offer, index) => (
            <li key={offer.id} className="flex flex-wrap items-start justify-between gap-3 p-3">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="break-words">{offer.title}</span>
                  <Badge variant={offer.active ? 'success' : 'secondary'}>
                    {offer.active ? 'Aktiv' : 'Deaktiviert'}
                  </Badge>
                </p>
                <p className="text-sm tabular-nums">{formatChf(offer.price_cents / 100)}</p>
                {offer.description ? (
                  <p className="whitespace-pre-line break-words text-sm text-muted-foreground">
                    {offer.description}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={busy || index === 0}
                  onClick={() => void shift(offer, -1)}
                  aria-label={`Nach oben: ${offer.title}`}
                >
                  Nach oben
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={busy || index === list.length - 1}
                  onClick={() => void shift(offer, 1)}
                  aria-label={`Nach unten: ${offer.title}`}
                >
                  Nach unten
                </Button>
                <OfferDialog offer={offer} position={offer.position} />
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() => void toggle(offer)}
                  aria-label={`${offer.active ? 'Deaktivieren' : 'Aktivieren'}: ${offer.title}`}
                >
                  {offer.active ? 'Deaktivieren' : 'Aktivieren'}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      </ListState>
    </section>
  );
}
