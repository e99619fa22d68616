import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export function Notice({
  title,
  children,
  actions,
  titleAs,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  /** 'h2' where the notice sits right below the page's h1 (heading order). */
  titleAs?: 'h2' | 'h3';
}) {
  return (
    <Card role="status">
      <CardHeader>
        <CardTitle as={titleAs}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-muted-foreground">{children}</p>
        <div className="flex flex-wrap gap-3">{actions}</div>
      </CardContent>
    </Card>
  );
}

export function AllEventsLink() {
  return (
    <Button asChild variant="outline">
      <Link to="/events">Zu allen Events</Link>
    </Button>
  );
}

export function CancelledNotice() {
  return (
    <Notice title="Event abgesagt" actions={<AllEventsLink />}>
      Dieses Event wurde leider abgesagt. Eine Anmeldung ist nicht möglich.
    </Notice>
  );
}

export function PastEventNotice() {
  return (
    <Notice title="Anmeldung nicht möglich" actions={<AllEventsLink />}>
      Dieses Event hat bereits stattgefunden.
    </Notice>
  );
}

export function SoldOutNotice() {
  return (
    <Notice
      title="Event ausgebucht"
      actions={
        <>
          <AllEventsLink />
          <Button asChild>
            <Link to="/contact">Zum Kontaktformular</Link>
          </Button>
        </>
      }
    >
      Dieses Event ist leider ausgebucht. Schreib uns, wenn du über frei werdende Plätze informiert werden
      möchtest.
    </Notice>
  );
}

export function SampleEventNotice() {
  return (
    <Notice title="Buchung nicht möglich" actions={<AllEventsLink />}>
      Dies ist ein Beispiel-Event, weil die Datenbank gerade nicht erreichbar ist. Bitte versuche es später
      erneut.
    </Notice>
  );
}

export function NoPaymentMethodNotice() {
  return (
    <Notice title="Anmeldung nicht möglich" actions={<AllEventsLink />}>
      Für dieses Event ist zurzeit keine Online-Anmeldung möglich. Bitte kontaktiere uns direkt.
    </Notice>
  );
}
