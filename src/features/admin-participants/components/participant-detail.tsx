import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateShort } from '@/lib/dates';
import { useParticipant } from '../api/get-participant';
import { cents, paymentMethodText } from '../lib/booking-state';
import { BookingChangeCards } from './booking-changes';
import { BookingHistoryCard } from './booking-history-card';
import { BookingState } from './booking-status-badge';
import { ParticipantActions } from './participant-actions';
import { PaymentCheckCard } from './payment-check-card';
import { EditParticipantCard, ResendConfirmationButton } from './participant-changes';
import { formatPhone } from '@common/contact-rules.ts';
import { formatTickets } from '@common/format.ts';

export function ParticipantDetail({ participantId }: { participantId: string }) {
  const participant = useParticipant(participantId);
  const navigate = useNavigate();

  const back = (
    <Button asChild variant="outline">
      <Link to="/admin/participants">
        <ArrowLeft aria-hidden="true" />
        Zurück
      </Link>
    </Button>
  );

  if (participant.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  }
  if (participant.isError || !participant.data) {
    return (
      <div className="space-y-4">
        <p className="text-muted-foreground">
          {participant.isError ? 'Fehler beim Laden der Teilnehmer' : 'Keine Anmeldungen gefunden'}
        </p>
        {back}
      </div>
    );
  }

  const p = participant.data;
  const rows: [string, React.ReactNode][] = [
    ['Buchungsreferenz', p.reference],
    ['E-Mail', <a href={`mailto:${p.email}`}>{p.email}</a>],
    ['Telefon', <a href={`tel:${p.phone}`}>{formatPhone(p.phone)}</a>],
    ['Event', `${p.eventTitle} (${p.eventDate ? formatDateShort(p.eventDate) : 'Datum unbekannt'})`],
    ['Personen', String(p.persons)],
    ...(p.tickets ? [['Tickets', formatTickets(p.tickets)] as [string, React.ReactNode]] : []),
    ['Status', <BookingState participant={p} />],
    ...(p.discount
      ? [['Rabattcode', `${p.discount.code} (− ${cents(p.discount.cents)})`] as [string, React.ReactNode]]
      : []),
    ['Betrag', cents(p.owedCents)],
    ['Bezahlt', cents(p.paidCents)],
    ...(p.refundedCents > 0 ? [['Rückerstattet', cents(p.refundedCents)] as [string, React.ReactNode]] : []),
    ['Offen', cents(p.openCents)],
    ['Zahlungsart', paymentMethodText(p.paymentMethod, p.paidMethod)],
    ...(p.invoiceReference ? [['QR-Referenz', p.invoiceReference] as [string, React.ReactNode]] : []),
    ['Angemeldet am', formatDateShort(p.registrationDate)],
    ['Kommentar', p.notes || '-'],
    ...p.answers.map((answer): [string, React.ReactNode] => [answer.label, answer.answer]),
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="min-w-0 font-serif text-3xl font-semibold [overflow-wrap:anywhere]">{p.name}</h1>
        {back}
      </div>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
          <CardTitle>Anmeldung</CardTitle>
          <ParticipantActions participant={p} labelled onRemoved={() => navigate('/admin/participants')} />
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-[12rem_1fr]">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-4">
            <ResendConfirmationButton participant={p} />
          </div>
        </CardContent>
      </Card>
      {/* Keyed by the row's last change, so the form starts from what is saved. */}
      <PaymentCheckCard participant={p} />
      <EditParticipantCard key={`${p.id}-${p.name}-${p.email}-${p.phone}-${p.notes}`} participant={p} />
      <BookingChangeCards participant={p} />
      <BookingHistoryCard participantId={p.id} />
    </div>
  );
}
