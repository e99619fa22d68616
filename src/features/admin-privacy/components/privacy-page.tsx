import { Download, Search, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { downloadText as download } from '@/lib/download';
import { adminErrorMessage } from '@/lib/error-codes';
import { emailKey, fetchPersonData, useErasePerson, type EraseResult } from '../api/person-data';
import { exportItems, exportSummaryHtml, ruleText, type PersonExport } from '../lib/person-export';
import { eraseSummary, upcomingCancellationText } from '../lib/erase-summary';

const fileBase = (email: string) => `personendaten-${email.replace(/[^a-z0-9.@_-]+/gi, '_')}`;

/** Bookings the erasure will cancel: seats held for an event that is not over (as the SQL decides). */
function upcomingBookings(data: PersonExport): number {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
  return data.bookings.filter((b) => {
    const last = (b.event.endDate as string | null | undefined) ?? b.event.startDate;
    return (b.status === 'held' || b.status === 'confirmed') && last !== null && last >= today;
  }).length;
}

/** /admin/datenschutz: access and erasure requests (docs/privacy.md). */
export function PrivacyPage() {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<{ data: PersonExport; raw: unknown } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [erased, setErased] = useState<EraseResult | null>(null);
  const erase = useErasePerson();

  async function search(address: string) {
    setProblem(null);
    setSearching(true);
    try {
      setFound(await fetchPersonData(address));
    } catch (error) {
      setFound(null);
      setProblem(adminErrorMessage(error, 'Die Suche ist fehlgeschlagen. Bitte versuchen Sie es erneut.'));
    } finally {
      setSearching(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErased(null);
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(emailKey(email))) {
      setFound(null);
      setProblem('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
      return;
    }
    void search(email);
  }

  async function onErase() {
    if (!found) return;
    try {
      const result = await erase.mutateAsync(found.data.email);
      setErased(result);
      toast({
        title: result.erased ? 'Person gelöscht' : 'Nichts zu löschen',
        description: result.erased
          ? 'Die Daten wurden anonymisiert; die Buchhaltung bleibt vollständig.'
          : 'Zu dieser Adresse war nichts mehr gespeichert.',
      });
      await search(found.data.email);
    } catch (error) {
      setProblem(adminErrorMessage(error, 'Die Löschung ist fehlgeschlagen. Es wurde nichts geändert.'));
    }
  }

  const items = found ? exportItems(found.data) : [];
  const upcoming = found ? upcomingBookings(found.data) : 0;

  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-semibold">Datenschutz</h1>
      <Card>
        <CardHeader>
          <CardTitle>Auskunft und Löschung</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-sm text-muted-foreground">
            Suchen Sie eine Person über ihre E-Mail-Adresse. Gross- und Kleinschreibung sowie Leerzeichen am
            Anfang und Ende spielen keine Rolle, wie bei Buchungen. Die Auskunft ist innert 30 Tagen zu
            erteilen.
          </p>
          <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
            <div className="flex-1 space-y-2">
              <Label htmlFor={inputId}>E-Mail-Adresse</Label>
              <Input
                id={inputId}
                type="email"
                autoComplete="off"
                value={email}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${inputId}-problem` : undefined}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <Button type="submit" disabled={searching}>
              <Search aria-hidden="true" />
              Suchen
            </Button>
          </form>
          {problem ? (
            <p
              id={`${inputId}-problem`}
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
            >
              {problem}
            </p>
          ) : null}
          {searching ? <p role="status">Daten werden gesucht …</p> : null}
          {erased ? (
            <p role="status" className="rounded-md border p-3 text-sm">
              {erased.erased ? eraseSummary(erased.counts) : 'Zu dieser Adresse war nichts mehr gespeichert.'}
            </p>
          ) : null}
        </CardContent>
      </Card>

      {found ? (
        <Card>
          <CardHeader>
            <CardTitle>Gespeichert zu {found.data.email}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {items.length === 0 ? (
              <p>Zu dieser Adresse sind keine Daten gespeichert.</p>
            ) : (
              <ul className="divide-y rounded-md border" aria-label="Gespeicherte Daten">
                {items.map((item, index) => (
                  <li key={index} className="space-y-1 p-3 text-sm">
                    <p>
                      <span className="font-medium">{item.section}:</span> {item.text}
                    </p>
                    <p className="text-muted-foreground">{ruleText(found.data, item.rule)}</p>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                onClick={() =>
                  download(
                    `${fileBase(found.data.email)}.json`,
                    'application/json',
                    JSON.stringify(found.raw, null, 2),
                  )
                }
              >
                <Download aria-hidden="true" />
                Export herunterladen (JSON)
              </Button>
              <Button
                variant="outline"
                onClick={() =>
                  download(`${fileBase(found.data.email)}.html`, 'text/html', exportSummaryHtml(found.data))
                }
              >
                <Download aria-hidden="true" />
                Zusammenfassung herunterladen (HTML)
              </Button>
              {items.length > 0 ? (
                <ConfirmDialog
                  trigger={
                    <Button variant="destructive" disabled={erase.isPending}>
                      <Trash2 aria-hidden="true" />
                      Person löschen
                    </Button>
                  }
                  title="Person löschen?"
                  description={
                    <>
                      {upcoming > 0 ? upcomingCancellationText(upcoming) : ''}
                      Name, E-Mail-Adresse, Telefon, Bemerkungen, Antworten, Wartelisten-Einträge, Anfragen,
                      Newsletter-Anmeldung (auch bei Mailchimp), offene Admin-Einladungen und E-Mails werden
                      gelöscht oder anonymisiert. Behalten werden Buchungsnummern, Personenzahl, Beträge,
                      Daten und Zahlungen als «anonymisiert»: Die Buchhaltung muss sie aufbewahren (
                      {ruleText(found.data, 'bookkeeping')}). Das lässt sich nicht rückgängig machen.
                    </>
                  }
                  confirmLabel="Person löschen"
                  onConfirm={() => void onErase()}
                />
              ) : null}
            </div>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
