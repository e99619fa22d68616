import { Button } from '@/components/ui/button';
import { ListState } from '@/components/ui/list-state';
import { toast } from '@/components/ui/use-toast';
import { formatDateLong } from '@/lib/dates';
import { CATEGORY_LABELS, type EventCategory } from '@/lib/event-domain';
import { formatChf } from '@common/format.ts';
import { useDiscountCodes, useSetDiscountCodeActive, type DiscountCode } from '../api/discount-codes';

function discountText(code: Pick<DiscountCode, 'percent' | 'amount_cents'>): string {
  return code.percent !== null ? `${code.percent} %` : formatChf((code.amount_cents ?? 0) / 100);
}

function validityText(code: Pick<DiscountCode, 'valid_from' | 'valid_until'>): string {
  if (code.valid_from && code.valid_until)
    return `${formatDateLong(code.valid_from)} bis ${formatDateLong(code.valid_until)}`;
  if (code.valid_from) return `ab ${formatDateLong(code.valid_from)}`;
  if (code.valid_until) return `bis ${formatDateLong(code.valid_until)}`;
  return 'unbegrenzt';
}

function scopeText(code: Pick<DiscountCode, 'categories' | 'eventTitles' | 'min_persons'>): string {
  const categories = code.categories.map(
    (category) => CATEGORY_LABELS[category as EventCategory] ?? category,
  );
  const where = [...categories, ...code.eventTitles];
  const scope = where.length > 0 ? where.join(', ') : 'Alle Events';
  return code.min_persons > 1 ? `${scope}, ab ${code.min_persons} Personen` : scope;
}

/** Every code as a card: its terms, its uses, (de)activation. */
export function DiscountCodeList() {
  const codes = useDiscountCodes();
  const setActive = useSetDiscountCodeActive();
  const toggle = async (code: DiscountCode) => {
    try {
      await setActive.mutateAsync({ id: code.id, active: !code.active });
      toast({ title: code.active ? `${code.code} deaktiviert` : `${code.code} aktiviert` });
    } catch {
      toast({
        title: 'Nicht gespeichert',
        description: 'Der Code konnte nicht geändert werden. Bitte versuchen Sie es erneut.',
        variant: 'destructive',
      });
    }
  };
  return (
    <section aria-labelledby="codes-heading" className="space-y-3">
      <h2 id="codes-heading" className="text-xl font-semibold">
        Alle Codes
      </h2>
      <ListState
        isPending={codes.isPending}
        isError={codes.isError}
        isEmpty={(codes.data ?? []).length === 0}
        errorText="Die Rabattcodes konnten nicht geladen werden. Bitte laden Sie die Seite neu."
        emptyText="Noch keine Rabattcodes."
      >
        {/* Cards, not a table: on a phone every button stays on the screen. */}
        <ul className="grid gap-3 md:grid-cols-2">
          {(codes.data ?? []).map((code) => (
            <li key={code.id} aria-labelledby={`code-${code.id}`} className="space-y-3 rounded-md border p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 id={`code-${code.id}`} className="font-mono text-lg font-semibold">
                    {code.code}
                  </h3>
                  {code.label ? <p className="text-sm text-muted-foreground">{code.label}</p> : null}
                </div>
                <div className="flex items-center gap-2">
                  <span className="text-sm">{code.active ? 'Aktiv' : 'Deaktiviert'}</span>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={setActive.isPending}
                    onClick={() => void toggle(code)}
                    aria-label={`${code.code} ${code.active ? 'deaktivieren' : 'aktivieren'}`}
                  >
                    {code.active ? 'Deaktivieren' : 'Aktivieren'}
                  </Button>
                </div>
              </div>
              <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted-foreground">Rabatt</dt>
                <dd>{discountText(code)}</dd>
                <dt className="text-muted-foreground">Gültig</dt>
                <dd>{validityText(code)}</dd>
                <dt className="text-muted-foreground">Gilt für</dt>
                <dd>{scopeText(code)}</dd>
                {code.ticket_types.length > 0 ? (
                  <>
                    <dt className="text-muted-foreground">Ticketarten</dt>
                    <dd>nur {code.ticket_types.join(', ')}</dd>
                  </>
                ) : null}
                <dt className="text-muted-foreground">Eingelöst</dt>
                <dd className="tabular-nums">
                  {code.max_uses ? `${code.uses} von ${code.max_uses}` : code.uses}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      </ListState>
    </section>
  );
}
