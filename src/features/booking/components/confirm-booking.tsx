import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmBooking, type ConfirmOutcome } from '../api/confirm-booking';
import { AllEventsLink, Notice } from './booking-notices';

// `/buchung/{reference}/bestaetigen#token`: the confirm link of a large on-site or invoice
// booking's mail (issue 25). Opening it confirms the booking; the page says what happened.

function eventLink(slug: string | null) {
  return slug ? (
    <Button asChild>
      <Link to={`/events/${encodeURIComponent(slug)}`}>Zum Event</Link>
    </Button>
  ) : null;
}

function OutcomeText({ outcome }: { outcome: ConfirmOutcome }) {
  switch (outcome.outcome) {
    case 'confirmed':
      return (
        <Notice titleAs="h2" title="Deine Buchung ist bestätigt" actions={<AllEventsLink />}>
          {`Danke! Deine Buchung ${outcome.reference} für «${outcome.event_title}» ist jetzt bestätigt. Die Plätze sind für dich reserviert.`}
        </Notice>
      );
    case 'already_confirmed':
      return (
        <Notice titleAs="h2" title="Bereits bestätigt" actions={<AllEventsLink />}>
          {`Deine Buchung ${outcome.reference} für «${outcome.event_title}» ist bereits bestätigt. Du musst nichts mehr tun.`}
        </Notice>
      );
    case 'expired':
      return (
        <Notice
          titleAs="h2"
          title="Reservation abgelaufen"
          actions={
            <>
              {eventLink(outcome.event_slug)}
              <AllEventsLink />
            </>
          }
        >
          Die Reservation ist abgelaufen: Ohne Bestätigung innerhalb von 60 Minuten haben wir die Plätze
          wieder freigegeben. Du kannst das Event gerne neu buchen.
        </Notice>
      );
    case 'cancelled':
      return (
        <Notice titleAs="h2" title="Buchung storniert" actions={<AllEventsLink />}>
          Diese Buchung ist bereits storniert.
        </Notice>
      );
    case 'invalid':
      return (
        <Notice titleAs="h2" title="Link ungültig" actions={<AllEventsLink />}>
          Dieser Link ist ungültig. Bitte verwende den Link aus deiner neusten E-Mail.
        </Notice>
      );
  }
}

export function ConfirmBooking({ reference, token }: { reference: string; token: string }) {
  const confirmation = useConfirmBooking(reference, token);
  const ref = useRef<HTMLDivElement>(null);
  const settled = !confirmation.isPending;
  // The result takes the focus when it appears, so screen readers read it.
  useEffect(() => {
    if (settled) ref.current?.focus();
  }, [settled]);

  if (confirmation.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Buchung wird bestätigt…" />
      </div>
    );
  }
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      {confirmation.isError ? (
        <Notice titleAs="h2" title="Fehler beim Bestätigen" actions={<AllEventsLink />}>
          Die Buchung konnte gerade nicht bestätigt werden. Bitte öffne den Link in einem Moment erneut.
        </Notice>
      ) : (
        <OutcomeText outcome={confirmation.data} />
      )}
    </div>
  );
}
