import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ListState } from '@/components/ui/list-state';
import { toast } from '@/components/ui/use-toast';
import { downloadCsv } from '@/lib/csv';
import { formatDateShort, todayIso } from '@/lib/dates';
import { adminErrorMessage } from '@/lib/error-codes';
import { formatChf } from '@common/format.ts';
import { getFinanceExport, useFinanceReport, type FinancePeriod } from '../api/finance';
import { financeToCsv, monthLabel, type FinanceFigures } from '../lib/finance';
import { MonthBars } from './month-bars';
import { GiftVoucherLiability } from './gift-voucher-liability';
import { OverdueInvoices } from './overdue-invoices';

/** The columns both tables show, in the order of the money's way. */
const COLUMNS: Array<{ key: keyof FinanceFigures; label: string }> = [
  { key: 'bookedCents', label: 'Gebucht' },
  { key: 'discountCents', label: 'Rabatte' },
  { key: 'receivedCents', label: 'Erhalten' },
  { key: 'cardCents', label: 'davon Karte' },
  { key: 'twintCents', label: 'davon TWINT' },
  { key: 'invoiceCents', label: 'davon Rechnung' },
  { key: 'onsiteCents', label: 'davon vor Ort' },
  { key: 'voucherCents', label: 'Mit Gutschein' },
  { key: 'refundedCents', label: 'Rückerstattet' },
  { key: 'openCents', label: 'Offen' },
];

const chf = (cents: number) => formatChf(cents / 100);

function defaultPeriod(): FinancePeriod {
  const today = todayIso();
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

interface FiguresTableProps {
  caption: string;
  firstColumn: string;
  rows: Array<{ key: string; label: React.ReactNode; figures: FinanceFigures }>;
  total: FinanceFigures;
}

/** One row per month or event, the period's total below; scrolls sideways on a narrow screen. */
function FiguresTable({ caption, firstColumn, rows, total }: FiguresTableProps) {
  return (
    // The region scrolls on a phone, so a keyboard must reach it (focusable, named).
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b bg-muted/50 text-left">
            <th scope="col" className="p-2 font-medium">
              {firstColumn}
            </th>
            {COLUMNS.map((column) => (
              <th key={column.key} scope="col" className="whitespace-nowrap p-2 text-right font-medium">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b">
              <th scope="row" className="p-2 text-left font-normal">
                {row.label}
              </th>
              {COLUMNS.map((column) => (
                <td key={column.key} className="whitespace-nowrap p-2 text-right tabular-nums">
                  {chf(row.figures[column.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <th scope="row" className="p-2 text-left">
              Total
            </th>
            {COLUMNS.map((column) => (
              <td key={column.key} className="whitespace-nowrap p-2 text-right tabular-nums">
                {chf(total[column.key])}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** /admin/finanzen: money per month and per event for a period, and the bookkeeper's CSV. */
export function FinancePage() {
  const fromId = useId();
  const toId = useId();
  const [period, setPeriod] = useState<FinancePeriod>(defaultPeriod);
  const [exporting, setExporting] = useState(false);
  const valid = period.from !== '' && period.to !== '' && period.from <= period.to;
  const report = useFinanceReport(period);

  async function exportCsv() {
    setExporting(true);
    try {
      const rows = await getFinanceExport(period);
      downloadCsv(financeToCsv(rows), `buchhaltung-${period.from}-bis-${period.to}.csv`);
      toast({ title: 'Export erstellt', description: `${rows.length} Buchungen als CSV exportiert.` });
    } catch (error) {
      toast({
        title: 'Export fehlgeschlagen',
        description: adminErrorMessage(error, 'Der Export konnte nicht erstellt werden.'),
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-semibold">Finanzen</h1>
      <OverdueInvoices />
      <GiftVoucherLiability period={valid ? period : null} />
      <Card>
        <CardHeader>
          <CardTitle>Zeitraum</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-end gap-4">
          <div className="space-y-1">
            <Label htmlFor={fromId}>Von</Label>
            <Input
              id={fromId}
              type="date"
              value={period.from}
              max={period.to || undefined}
              onChange={(event) => setPeriod((current) => ({ ...current, from: event.target.value }))}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={toId}>Bis</Label>
            <Input
              id={toId}
              type="date"
              value={period.to}
              min={period.from || undefined}
              onChange={(event) => setPeriod((current) => ({ ...current, to: event.target.value }))}
            />
          </div>
          <Button variant="outline" onClick={exportCsv} disabled={!valid || exporting}>
            <Download className="mr-2 h-4 w-4" aria-hidden="true" />
            CSV für die Buchhaltung
          </Button>
          <p className="basis-full text-sm text-muted-foreground">
            Zahlungen zählen am Valutadatum (Bankdatei) oder am Tag der Erfassung, Rückerstattungen am Tag der
            Auszahlung. «Gebucht» und «Offen» gelten für die im Zeitraum gemachten Buchungen; «Gebucht» ist
            nach Abzug der «Rabatte» (Rabattcodes und Nachlässe). «Mit Gutschein» ist mit Geschenkgutscheinen
            bezahlt und kein Geld im Zeitraum; was auf Gutscheinen noch offen ist, zeigt «Geschenkgutscheine».
          </p>
        </CardContent>
      </Card>
      {!valid ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm">
          Bitte wählen Sie ein Startdatum, das vor dem Enddatum liegt.
        </p>
      ) : (
        <ListState
          isPending={report.isPending}
          isError={report.isError}
          isEmpty={report.data?.months.length === 0}
          errorText={adminErrorMessage(report.error, 'Die Finanzzahlen konnten nicht geladen werden.')}
          emptyText="In diesem Zeitraum gibt es keine Buchungen und keine Zahlungen."
        >
          {report.data ? (
            <>
              <Card role="region" aria-label="Pro Monat">
                <CardHeader>
                  <CardTitle>Pro Monat</CardTitle>
                </CardHeader>
                <CardContent className="grid gap-6 lg:grid-cols-[2fr_1fr]">
                  <FiguresTable
                    caption="Finanzen pro Monat"
                    firstColumn="Monat"
                    rows={report.data.months.map((month) => ({
                      key: month.month,
                      label: monthLabel(month.month),
                      figures: month,
                    }))}
                    total={report.data.total}
                  />
                  <MonthBars months={report.data.months} />
                </CardContent>
              </Card>
              <Card role="region" aria-label="Pro Event">
                <CardHeader>
                  <CardTitle>Pro Event</CardTitle>
                </CardHeader>
                <CardContent>
                  <FiguresTable
                    caption="Finanzen pro Event"
                    firstColumn="Event"
                    rows={report.data.events.map((event) => ({
                      key: event.eventId,
                      label: (
                        <Link to={`/admin/events/${event.eventId}`} className="hover:underline">
                          {event.title}
                          {event.startDate ? ` (${formatDateShort(event.startDate)})` : ''}
                        </Link>
                      ),
                      figures: event,
                    }))}
                    total={report.data.total}
                  />
                </CardContent>
              </Card>
            </>
          ) : null}
        </ListState>
      )}
    </div>
  );
}
