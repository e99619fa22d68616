import { RefreshCw } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { adminErrorMessage } from '@/lib/error-codes';
import { useOutbox, useRetryMail, type OutboxMail } from '../api/outbox';
import { mailKindLabel } from '@common/mail-kinds.ts';
import { label, MAIL_STATE_LABELS } from '../labels';
import { ListState } from '@/components/ui/list-state';

const stateVariant: Record<string, BadgeProps['variant']> = {
  queued: 'secondary',
  sending: 'secondary',
  sent: 'success',
  failed: 'destructive',
};

export function OutboxPanel() {
  const outbox = useOutbox();
  const mails = outbox.data ?? [];
  return (
    <ListState
      isPending={outbox.isPending}
      isError={outbox.isError}
      isEmpty={mails.length === 0}
      errorText="Der Postausgang konnte nicht geladen werden. Bitte laden Sie die Seite neu."
      emptyText="Noch keine E-Mails"
    >
      <ul className="space-y-3" aria-label="Postausgang">
        {mails.map((mail) => (
          <OutboxCard key={mail.id} mail={mail} />
        ))}
      </ul>
    </ListState>
  );
}

function OutboxCard({ mail }: { mail: OutboxMail }) {
  const retry = useRetryMail();
  // Mails to the team get their address (and subject) only when the worker renders them.
  const recipient = mail.recipient ?? 'Team (Adresse des Anbieters)';
  const subject = mail.subject ?? mailKindLabel(mail.kind);

  function retryMail() {
    retry.mutate(mail.id, {
      onSuccess: () => toast({ title: 'E-Mail wird erneut gesendet' }),
      onError: (error) =>
        toast({
          title: 'Die E-Mail konnte nicht erneut eingereiht werden',
          // MAIL_NOT_FAILED, MAIL_NOT_FOUND: why not.
          description: adminErrorMessage(error),
          variant: 'destructive',
        }),
    });
  }

  return (
    <li>
      <Card>
        <CardContent className="space-y-2 p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              {/* The subject as the visitor reads it ("Dein Gutscheinkauf …"): their voice, not the admin's. */}
              <h3 className="break-words font-semibold" data-visitor-text="">
                {subject}
              </h3>
              <p className="break-all text-sm text-muted-foreground">An: {recipient}</p>
            </div>
            <Badge variant={stateVariant[mail.state] ?? 'secondary'}>
              {label(MAIL_STATE_LABELS, mail.state)}
            </Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            {mailKindLabel(mail.kind)} · erstellt{' '}
            <time dateTime={mail.created_at}>{formatDateTime(mail.created_at)}</time> · Versuche:{' '}
            {mail.attempts}
            {mail.sent_at ? (
              <>
                {' '}
                · gesendet <time dateTime={mail.sent_at}>{formatDateTime(mail.sent_at)}</time>
              </>
            ) : null}
          </p>
          {mail.last_error && mail.state !== 'sent' ? (
            <p className="break-words text-sm">
              <span className="font-medium">Letzter Fehler:</span> {mail.last_error}
            </p>
          ) : null}
          {mail.state === 'failed' ? (
            <Button size="sm" onClick={retryMail} disabled={retry.isPending}>
              <RefreshCw aria-hidden="true" />
              Erneut senden
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}
