import { StickyNote } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { formatDateShort } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { paymentMethodLabel, type AdminParticipant } from '../lib/admin-participant';
import { ParticipantActions } from './participant-actions';
import { PaymentStatusBadge } from './payment-status-badge';

const SKELETON_ROWS = 5;
const COLUMNS = 6;

interface ParticipantsTableProps {
  participants: AdminParticipant[];
  loading: boolean;
  extended: boolean;
}

export function ParticipantsTable({ participants, loading, extended }: ParticipantsTableProps) {
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
                <Link to={`/admin/participants/${p.id}`} className="font-medium hover:underline">
                  {p.name}
                </Link>
                <div className="text-sm text-muted-foreground">{p.email}</div>
                <div className="text-sm text-muted-foreground">{p.phone}</div>
                {p.invoiceReference ? (
                  <div className="text-sm text-muted-foreground tabular-nums">
                    Referenz {p.invoiceReference}
                  </div>
                ) : null}
                {extended ? (
                  <div className="mt-1 text-xs text-muted-foreground">
                    {paymentMethodLabel(p.paymentMethod)} · angemeldet am{' '}
                    {formatDateShort(p.registrationDate)}
                  </div>
                ) : null}
              </TableCell>
              <TableCell className={cell}>
                <div>{p.eventTitle}</div>
                <div className="text-sm text-muted-foreground">
                  {p.eventDate ? formatDateShort(p.eventDate) : 'Datum unbekannt'}
                </div>
              </TableCell>
              <TableCell className={cn(cell, 'text-right tabular-nums')}>{p.persons}</TableCell>
              <TableCell className={cell}>
                <PaymentStatusBadge status={p.paymentStatus} />
              </TableCell>
              <TableCell className={cell}>
                {p.notes ? (
                  <Tooltip>
                    <TooltipTrigger asChild>
                      <button
                        type="button"
                        aria-label={`Kommentar von ${p.name}`}
                        className="rounded p-1 hover:bg-secondary"
                      >
                        <StickyNote className="h-4 w-4" aria-hidden="true" />
                      </button>
                    </TooltipTrigger>
                    <TooltipContent>{p.notes}</TooltipContent>
                  </Tooltip>
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
