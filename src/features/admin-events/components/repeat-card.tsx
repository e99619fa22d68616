import { format, parseISO } from 'date-fns';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { type IsoWeekday, WEEKDAYS, weekdayName } from '@/lib/weekdays';
import { MONTH_WEEK_NAMES, type MonthWeek } from '../lib/recurrence';
import { initialRepeat, type RepeatKind, type RepeatResult, type RepeatState } from '../lib/repeat-form';

const SELECT_CLASSES =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background md:text-sm';

const KIND_LABELS: Record<RepeatKind, string> = {
  monthly: 'Monatlich (an einem Wochentag)',
  weekly: 'Wöchentlich',
  dates: 'An einzelnen Daten',
};

const ISO_WEEKDAYS = WEEKDAYS.map(({ iso }) => iso);
const MONTH_WEEKS = [1, 2, 3, 4, -1] as const satisfies readonly MonthWeek[];

/** How many dates the preview names before "und N weitere". */
const PREVIEW_DATES = 6;

function previewText(result: RepeatResult): string {
  if (!result.ok) return result.error;
  const shown = result.dates.slice(0, PREVIEW_DATES).map((date) => format(parseISO(date), 'dd.MM.yyyy'));
  const more = result.dates.length - shown.length;
  const count = result.dates.length === 1 ? '1 Termin' : `${result.dates.length} Termine`;
  return `${count}: ${shown.join(', ')}${more > 0 ? ` und ${more} weitere` : ''}`;
}

interface RepeatCardProps {
  /** null: a single event. */
  value: RepeatState | null;
  onChange: (value: RepeatState | null) => void;
  /** The form's start date: where the rule begins. */
  startDate: string;
  /** The expansion of `value`, shown as a live preview. */
  result: RepeatResult | null;
}

/**
 * "Wiederholen": one form creates a series (a Stammtisch every 2nd Thursday, a kids' afternoon
 * every Wednesday, a few chosen dates); every date becomes its own event.
 */
export function RepeatCard({ value, onChange, startDate, result }: RepeatCardProps) {
  const id = useId();
  const set = (patch: Partial<RepeatState>) => value && onChange({ ...value, ...patch });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Wiederholen</CardTitle>
        <CardDescription>
          Legt für jeden Termin ein eigenes Event an, frühestens ab dem Startdatum. Spätere Änderungen können
          Sie für ein Event oder für alle folgenden speichern.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-on`}
            checked={value !== null}
            onCheckedChange={(checked) => onChange(checked === true ? initialRepeat(startDate) : null)}
          />
          <Label htmlFor={`${id}-on`}>Als Serie wiederholen</Label>
        </div>
        {value ? (
          <>
            <div className="space-y-1">
              <Label htmlFor={`${id}-kind`}>Rhythmus</Label>
              <select
                id={`${id}-kind`}
                className={SELECT_CLASSES}
                value={value.kind}
                onChange={(event) => set({ kind: event.target.value as RepeatKind })}
              >
                {(Object.keys(KIND_LABELS) as RepeatKind[]).map((kind) => (
                  <option key={kind} value={kind}>
                    {KIND_LABELS[kind]}
                  </option>
                ))}
              </select>
            </div>
            {value.kind === 'monthly' ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="space-y-1">
                  <Label htmlFor={`${id}-nth`}>Woche im Monat</Label>
                  <select
                    id={`${id}-nth`}
                    className={SELECT_CLASSES}
                    value={value.nth}
                    onChange={(event) => set({ nth: Number(event.target.value) as MonthWeek })}
                  >
                    {MONTH_WEEKS.map((nth) => (
                      <option key={nth} value={nth}>
                        {nth === -1 ? 'Letzter' : MONTH_WEEK_NAMES[nth]}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="space-y-1">
                  <Label htmlFor={`${id}-weekday`}>Wochentag</Label>
                  <select
                    id={`${id}-weekday`}
                    className={SELECT_CLASSES}
                    value={value.weekday}
                    onChange={(event) => set({ weekday: Number(event.target.value) as IsoWeekday })}
                  >
                    {ISO_WEEKDAYS.map((weekday) => (
                      <option key={weekday} value={weekday}>
                        {weekdayName(weekday)}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            ) : null}
            {value.kind === 'weekly' ? (
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Wochentage</legend>
                <div className="flex flex-wrap gap-4">
                  {ISO_WEEKDAYS.map((weekday) => (
                    <div key={weekday} className="flex items-center gap-2">
                      <Checkbox
                        id={`${id}-day-${weekday}`}
                        checked={value.weekdays.includes(weekday)}
                        onCheckedChange={(checked) =>
                          set({
                            weekdays:
                              checked === true
                                ? [...value.weekdays, weekday]
                                : value.weekdays.filter((day) => day !== weekday),
                          })
                        }
                      />
                      <Label htmlFor={`${id}-day-${weekday}`}>{weekdayName(weekday)}</Label>
                    </div>
                  ))}
                </div>
                <div className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-fortnight`}
                    checked={value.everySecondWeek}
                    onCheckedChange={(checked) => set({ everySecondWeek: checked === true })}
                  />
                  <Label htmlFor={`${id}-fortnight`}>Nur jede zweite Woche</Label>
                </div>
              </fieldset>
            ) : null}
            {value.kind === 'dates' ? (
              <div className="space-y-1">
                <Label htmlFor={`${id}-dates`}>Daten (TT.MM.JJJJ, eines pro Zeile)</Label>
                <Textarea
                  id={`${id}-dates`}
                  rows={4}
                  value={value.dates}
                  onChange={(event) => set({ dates: event.target.value })}
                />
              </div>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="space-y-1">
                  <Label htmlFor={`${id}-end`}>Ende der Serie</Label>
                  <select
                    id={`${id}-end`}
                    className={SELECT_CLASSES}
                    value={value.endKind}
                    onChange={(event) => set({ endKind: event.target.value as RepeatState['endKind'] })}
                  >
                    <option value="count">Nach einer Anzahl Termine</option>
                    <option value="until">An einem Datum</option>
                  </select>
                </div>
                {value.endKind === 'count' ? (
                  <div className="space-y-1">
                    <Label htmlFor={`${id}-count`}>Anzahl Termine</Label>
                    <Input
                      id={`${id}-count`}
                      inputMode="numeric"
                      value={value.count}
                      onChange={(event) => set({ count: event.target.value })}
                    />
                  </div>
                ) : (
                  <div className="space-y-1">
                    <Label htmlFor={`${id}-until`}>Letzter möglicher Termin</Label>
                    <Input
                      id={`${id}-until`}
                      type="date"
                      value={value.until}
                      onChange={(event) => set({ until: event.target.value })}
                    />
                  </div>
                )}
              </div>
            )}
            <div className="space-y-1">
              <Label htmlFor={`${id}-exceptions`}>Ausnahmen (TT.MM.JJJJ, optional)</Label>
              <Textarea
                id={`${id}-exceptions`}
                rows={2}
                value={value.exceptions}
                onChange={(event) => set({ exceptions: event.target.value })}
              />
            </div>
            {result ? (
              <p
                role="status"
                className={result.ok ? 'text-sm text-muted-foreground' : 'text-sm text-destructive'}
              >
                {previewText(result)}
              </p>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
