import { Link } from 'react-router-dom';
import { ADMIN_CARDS_QUERY, useMediaQuery } from '@/components/media/use-media-query';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateShort } from '@/lib/dates';
import { cn } from '@/lib/utils';
import type { AdminParticipant } from '../lib/admin-participant';
import { paymentMethodText } from '../lib/booking-state';
import { AnswersList } from './answers-list';
import { ParticipantActions } from './participant-actions';
import { BookingState } from './booking-status-badge';
import { formatPhone } from '@common/contact-rules.ts';

const SKELETON_ROWS = 5;
/** A name may be one unbroken 200-character word: it wraps anywhere rather than widen the page. */
const LONG_TEXT = 'min-w-0 [overflow-wrap:anywhere]';
const COLUMNS = 6;

interface ParticipantsTableProps {
  participants: AdminParticipant[];
  loading: boolean;
  extended: boolean;
}

/** Below this width the rows become cards (the table would scroll sideways on a phone). */

function eventDate(p: AdminParticipant): string {
  return p.eventDate ? formatDateShort(p.eventDate) : 'Datum unbekannt';
}

/** On a phone: one card per registration, name, state, notes and labelled actions together. */
function ParticipantCards({ participants, loading, extended }: ParticipantsTableProps) {
  if (loading) {
    return (
      <div className="space-y-3 p-4" aria-busy="true">
        {Array.from({ length: SKELETON_ROWS }, (_, row) => (
          <Skeleton key={row} className="h-28 w-full" data-testid="participant-skeleton" />
        ))}
      </div>
    );
  }
  if (participants.length === 0) {
    return <p className="py-12 text-center text-muted-foreground">Keine Anmeldungen gefunden</p>;
  }
  return (
    <ul className="divide-y" aria-label="Anmeldungen">
      {participants.map((p) => (
        <li key={p.id} className="space-y-2 p-4" aria-label={p.name}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <Link to={`/admin/participants/${p.id}`} className={cn(LONG_TEXT, 'font-medium hover:underline')}>
              {p.name}
            </Link>
            <BookingState participant={p} />
          </div>
          <div className="text-sm">
            {p.eventTitle} · {eventDate(p)} · {p.persons === 1 ? '1 Person' : `${p.persons} Personen`}
          </div>
          <div className="break-all text-sm text-muted-foreground">
            {p.email} · {formatPhone(p.phone)}
          </div>
          {extended ? (
            <div className="text-xs text-muted-foreground">
              {paymentMethodText(p.paymentMethod, p.paidMethod)} · angemeldet am{' '}
              {formatDateShort(p.registrationDate)}
            </div>
          ) : null}
          <AnswersList answers={p.answers} />
          {p.notes ? (
            <p className="whitespace-pre-wrap break-words rounded-md bg-muted p-2 text-sm">
              <span className="font-medium">Kommentar:</span> {p.notes}
            </p>
          ) : null}
          <ParticipantActions participant={p} labelled />
        </li>
      ))}
    </ul>
  );
}

export function ParticipantsTable(props: ParticipantsTableProps) {
  const cards = useMediaQuery(ADMIN_CARDS_QUERY);
  return cards ? <ParticipantCards {...props} /> : <ParticipantRows {...props} />;
}

function ParticipantRows({ participants, loading, extended }: ParticipantsTableProps) {
  const cell = cn(extended ? 'py-4' : 'py-2');
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Teilnehmer</TableHead>
          <TableHead>Event</TableHead>
          <TableHead className="text-right">Personen</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Kommentar</TableHead>
          <TableHead className="text-right">Aktionen</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading ? (
          Array.from({ length: SKELETON_ROWS }, (_, row) => (
            <TableRow key={row} data-testid="participant-skeleton">
              {Array.from({ length: COLUMNS }, (_, column) => (
                <TableCell key={column}>
                  <Skeleton className="h-5 w-full" />
                </TableCell>
              ))}
            </TableRow>
          ))
        ) : participants.length === 0 ? (
          <TableRow>
            <TableCell colSpan={COLUMNS} className="py-12 text-center text-muted-foreground">
              Keine Anmeldungen gefunden
            </TableCell>
          </TableRow>
        ) : (
          participants.map((p) => (
            <TableRow key={p.id}>
              <TableCell className={cell}>
                <Link
                  to={`/admin/participants/${p.id}`}
                  className={cn(LONG_TEXT, 'font-medium hover:underline')}
                >
                  {p.name}
                </Link>
                <div className="text-sm text-muted-foreground">{p.email}</div>
                <div className="text-sm text-muted-foreground">{formatPhone(p.phone)}</div>
                {p.invoiceReference ? (
                  <div className="text-sm text-muted-foreground tabular-nums">
                    Referenz {p.invoiceReference}
                  </div>
                ) : null}
                <AnswersList answers={p.answers} className="mt-1" />
                {extended ? (
                  <div className="mt-1 text-xs text-muted-foreground">
                    {paymentMethodText(p.paymentMethod, p.paidMethod)} · angemeldet am{' '}
                    {formatDateShort(p.registrationDate)}
                  </div>
                ) : null}
              </TableCell>
              <TableCell className={cell}>
                <div>{p.eventTitle}</div>
                <div className="text-sm text-muted-foreground">{eventDate(p)}</div>
              </TableCell>
              <TableCell className={cn(cell, 'text-right tabular-nums')}>{p.persons}</TableCell>
              <TableCell className={cell}>
                <BookingState participant={p} />
              </TableCell>
              <TableCell className={cell}>
                {p.notes ? (
                  // In the row, readable without hovering (touch screens have no hover).
                  <p className="max-w-xs whitespace-pre-wrap break-words text-sm">{p.notes}</p>
                ) : (
                  <span className="text-muted-foreground">-</span>
                )}
              </TableCell>
              <TableCell className={cell}>
                <ParticipantActions participant={p} />
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
