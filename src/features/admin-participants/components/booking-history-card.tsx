import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useBookingHistory } from '../api/get-booking-history';
import {
  historyActionLabel,
  historyActorLabel,
  historyDetails,
  historyWhen,
  OVERRIDE_LABEL,
  type HistoryEntry,
} from '../lib/booking-history';

/** One entry: when, who, what, then the changes and the note. */
function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const details = historyDetails(entry);
  return (
    <li className="space-y-1 py-3">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <time dateTime={entry.createdAt} className="text-sm tabular-nums text-muted-foreground">
          {historyWhen(entry)}
        </time>
        <span className="font-medium">{historyActionLabel(entry.action)}</span>
        <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          von {historyActorLabel(entry)}
        </span>
        {entry.override ? <Badge variant="warning">{OVERRIDE_LABEL}</Badge> : null}
      </p>
      {details.length > 0 ? <p className="text-sm [overflow-wrap:anywhere]">{details.join(' · ')}</p> : null}
      {entry.note ? (
        <p className="whitespace-pre-wrap text-sm text-muted-foreground [overflow-wrap:anywhere]">
          Notiz: {entry.note}
        </p>
      ) : null}
    </li>
  );
}

/** The participant page's "Verlauf": every change of the booking, oldest first. */
export function BookingHistoryCard({ participantId }: { participantId: string }) {
  const history = useBookingHistory(participantId);
  return (
    <Card role="region" aria-label="Verlauf">
      <CardHeader>
        <CardTitle>Verlauf</CardTitle>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : history.isError ? (
          <p role="alert" className="text-sm">
            Der Verlauf konnte nicht geladen werden.
          </p>
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Noch keine Einträge.</p>
        ) : (
          <ol className="divide-y" aria-label="Einträge im Verlauf">
            {history.data.map((entry) => (
              <HistoryItem key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
