import { FileUp, Link2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ListState } from '@/components/ui/list-state';
import { toast } from '@/components/ui/use-toast';
import { formatDateShort } from '@/lib/dates';
import { adminErrorMessage } from '@/lib/error-codes';
import { formatChf } from '@common/format.ts';
import {
  BookingNotFound,
  previewImport,
  useAssignEntry,
  useConfirmImport,
  useUnassignedEntries,
  type BankEntry,
  type ImportResult,
} from '../api/bank-import';
import { CamtError, parseCamt, type CamtFile } from '../lib/camt';

/** /admin/zahlungen: 'Bankdatei importieren' and the entries waiting as 'Nicht zugeordnet'. */
export function PaymentsPage() {
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-semibold">Zahlungen</h1>
      <BankFileImport />
      <UnassignedEntries />
    </div>
  );
}

const SUMMARY_ROWS: Array<{ key: keyof ImportResult['summary']; label: string; help: string }> = [
  {
    key: 'matched',
    label: 'Zugeordnet und bezahlt',
    help: 'Betrag und QR-Referenz passen: als bezahlt verbucht.',
  },
  { key: 'partial', label: 'Teilzahlung', help: 'Weniger als offen: der Rest bleibt offen.' },
  {
    key: 'over',
    label: 'Überzahlung',
    help: 'Mehr als offen: bezahlt, der Überschuss wartet auf Ihren Entscheid.',
  },
  { key: 'unassigned', label: 'Nicht zugeordnet', help: 'Ohne bekannte Referenz: unten von Hand zuordnen.' },
  { key: 'foreign', label: 'Fremdwährung (abgelehnt)', help: 'Nicht in CHF: nicht verbucht.' },
  { key: 'returns', label: 'Rückbuchungen', help: 'Belastungen und Rückweisungen: nicht verbucht.' },
  {
    key: 'alreadyImported',
    label: 'Bereits importiert',
    help: 'Schon in einer früheren Datei: nichts Neues.',
  },
];

function Summary({ result, title }: { result: ImportResult; title: string }) {
  return (
    <section aria-label={title} className="space-y-3">
      <h3 className="font-medium">{title}</h3>
      <dl className="grid gap-2 sm:grid-cols-2">
        {SUMMARY_ROWS.map((row) => (
          <div key={row.key} className="rounded-md border p-3">
            <dt className="text-sm text-muted-foreground">{row.label}</dt>
            <dd className="text-2xl font-semibold" data-outcome={row.key}>
              {result.summary[row.key]}
            </dd>
            <dd className="text-xs text-muted-foreground">{row.help}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">
        Verbucht: <strong>{formatChf(result.summary.recordedCents / 100)}</strong>
      </p>
    </section>
  );
}

function BankFileImport() {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [parsed, setParsed] = useState<{ file: CamtFile; original: File } | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const confirm = useConfirmImport();

  async function onFile(original: File | undefined) {
    setParsed(null);
    setPreview(null);
    setDone(null);
    setProblem(null);
    if (!original) return;
    setReading(true);
    try {
      const file = parseCamt(await original.text());
      setParsed({ file, original });
      setPreview(await previewImport(file, original.name));
    } catch (error) {
      setProblem(error instanceof CamtError ? error.message : adminErrorMessage(error));
    } finally {
      setReading(false);
    }
  }

  async function onConfirm() {
    if (!parsed) return;
    try {
      const result = await confirm.mutateAsync(parsed);
      setDone(result);
      setPreview(null);
      setParsed(null);
      if (inputRef.current) inputRef.current.value = '';
      toast({
        title: 'Bankdatei importiert',
        description: `${formatChf(result.summary.recordedCents / 100)} verbucht.`,
      });
    } catch (error) {
      setProblem(adminErrorMessage(error, 'Der Import ist fehlgeschlagen. Es wurde nichts verbucht.'));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Bankdatei importieren</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">
          Laden Sie die camt.054- oder camt.053-Datei aus Ihrem E-Banking hoch (ISO 20022, Version 2019). Sie
          sehen zuerst, was verbucht würde; erst mit «Import bestätigen» werden die Zahlungen verbucht. Eine
          Datei zweimal hochzuladen verbucht nichts doppelt.
        </p>
        <div className="space-y-2">
          <Label htmlFor={inputId}>camt-Datei (XML)</Label>
          <Input
            id={inputId}
            ref={inputRef}
            type="file"
            accept=".xml,application/xml,text/xml"
            aria-describedby={problem ? `${inputId}-problem` : undefined}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
        </div>
        {reading ? <p role="status">Datei wird geprüft …</p> : null}
        {problem ? (
          <p
            id={`${inputId}-problem`}
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
          >
            {problem}
          </p>
        ) : null}
        {preview ? (
          <div className="space-y-3">
            <Summary result={preview} title="Vorschau" />
            <Button onClick={() => void onConfirm()} disabled={confirm.isPending}>
              <FileUp aria-hidden="true" />
              Import bestätigen
            </Button>
          </div>
        ) : null}
        {done ? (
          <div role="status">
            <Summary result={done} title="Importiert" />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function matches(entry: BankEntry, search: string): boolean {
  if (!search) return true;
  const haystack = [
    entry.debtor_name,
    entry.remittance,
    entry.reference,
    entry.entry_reference,
    entry.note,
    formatChf(entry.amount_cents / 100),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .every((word) => haystack.includes(word));
}

function UnassignedEntries() {
  const entries = useUnassignedEntries();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const shown = (entries.data ?? []).filter((entry) => matches(entry, search.trim()));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Nicht zugeordnet</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor={searchId}>Suchen (Name, Mitteilung, Referenz, Betrag)</Label>
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <ListState
          isPending={entries.isPending}
          isError={entries.isError}
          isEmpty={shown.length === 0}
          errorText="Die Bankbuchungen konnten nicht geladen werden. Bitte laden Sie die Seite neu."
          emptyText={search ? 'Keine Bankbuchung passt zur Suche.' : 'Alle Bankbuchungen sind zugeordnet.'}
        >
          <ul className="divide-y" aria-label="Nicht zugeordnete Bankbuchungen">
            {shown.map((entry) => (
              <UnassignedRow key={entry.id} entry={entry} />
            ))}
          </ul>
        </ListState>
      </CardContent>
    </Card>
  );
}

function UnassignedRow({ entry }: { entry: BankEntry }) {
  const assign = useAssignEntry();
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!/^SW-[0-9A-Z]{4,6}$/i.test(reference.trim())) {
      setProblem('Bitte geben Sie die Buchungsreferenz ein, zum Beispiel SW-7KQ2.');
      return;
    }
    try {
      await assign.mutateAsync({ entryId: entry.id, bookingReference: reference });
      toast({
        title: 'Zahlung zugeordnet',
        description: `${formatChf(entry.amount_cents / 100)} → ${reference.trim().toUpperCase()}`,
      });
    } catch (error) {
      setProblem(
        error instanceof BookingNotFound
          ? `Keine Buchung mit der Referenz ${error.message}.`
          : adminErrorMessage(error, 'Die Zahlung konnte nicht zugeordnet werden.'),
      );
    }
  }

  return (
    <li className="flex flex-col gap-3 py-4 md:flex-row md:items-start md:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium">
          {formatChf(entry.amount_cents / 100)} · {entry.debtor_name ?? 'Unbekannt'}
        </p>
        <p className="text-sm text-muted-foreground">
          Valuta {entry.value_date ? formatDateShort(entry.value_date) : '–'} · Bankreferenz{' '}
          {entry.entry_reference}
        </p>
        {entry.reference ? <p className="break-all text-sm">Referenz: {entry.reference}</p> : null}
        {entry.remittance ? <p className="text-sm">Mitteilung: {entry.remittance}</p> : null}
        {entry.note ? <Badge variant="warning">{entry.note}</Badge> : null}
      </div>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-2 md:w-72">
        <Label htmlFor={fieldId}>Buchungsreferenz</Label>
        <div className="flex gap-2">
          <Input
            id={fieldId}
            value={reference}
            placeholder="SW-…"
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${fieldId}-problem` : undefined}
            onChange={(event) => setReference(event.target.value)}
          />
          <Button type="submit" disabled={assign.isPending}>
            <Link2 aria-hidden="true" />
            Zuordnen
          </Button>
        </div>
        {problem ? (
          <p id={`${fieldId}-problem`} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
      </form>
    </li>
  );
}
