import { Download } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { todayIso } from '@/lib/dates';
import { downloadCsv, toCsv } from '@/lib/csv';
import { formatDateTime } from '@/lib/dates';
import { useNewsletterSignUps, type NewsletterSignUp } from '../api/newsletter';
import { label, NEWSLETTER_STATUS_LABELS, NEWSLETTER_SYNC_LABELS } from '../labels';
import { ListState } from '@/components/ui/list-state';

export function newsletterToCsv(signUps: NewsletterSignUp[]): string {
  return toCsv(
    ['E-Mail', 'Status', 'Mailchimp', 'Angemeldet am'],
    signUps.map((s) => [
      s.email,
      label(NEWSLETTER_STATUS_LABELS, s.status),
      label(NEWSLETTER_SYNC_LABELS, s.sync_status),
      formatDateTime(s.created_at),
    ]),
  );
}

export function NewsletterPanel() {
  const signUps = useNewsletterSignUps();
  const rows = signUps.data ?? [];

  function exportCsv() {
    downloadCsv(newsletterToCsv(rows), `newsletter-${todayIso()}.csv`);
    toast({
      title: 'Export erstellt',
      description: `${rows.length} Newsletter-Anmeldungen als CSV exportiert.`,
    });
  }

  return (
    <div className="space-y-4">
      <Button variant="outline" onClick={exportCsv} disabled={signUps.isPending || rows.length === 0}>
        <Download aria-hidden="true" />
        Export (CSV)
      </Button>
      <ListState
        isPending={signUps.isPending}
        isError={signUps.isError}
        isEmpty={rows.length === 0}
        errorText="Die Newsletter-Anmeldungen konnten nicht geladen werden. Bitte laden Sie die Seite neu."
        emptyText="Noch keine Newsletter-Anmeldungen"
      >
        <Card>
          <CardContent className="p-0">
            <ul aria-label="Newsletter-Anmeldungen" className="divide-y">
              {rows.map((signUp) => (
                <li key={signUp.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
                  <span className="min-w-0 break-all font-medium">{signUp.email}</span>
                  <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                    <Badge variant={signUp.status === 'subscribed' ? 'success' : 'secondary'}>
                      {label(NEWSLETTER_STATUS_LABELS, signUp.status)}
                    </Badge>
                    <Badge variant={signUp.sync_status === 'failed' ? 'destructive' : 'outline'}>
                      {label(NEWSLETTER_SYNC_LABELS, signUp.sync_status)}
                    </Badge>
                    <time dateTime={signUp.created_at}>{formatDateTime(signUp.created_at)}</time>
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </ListState>
    </div>
  );
}
