import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateShort } from '@/lib/dates';
import { useRecentRegistrations } from '../api/get-recent-registrations';

export function RecentRegistrationsCard() {
  const registrations = useRecentRegistrations();
  return (
    <Card role="region" aria-label="Neueste Anmeldungen">
      <CardHeader>
        <CardTitle>Neueste Anmeldungen</CardTitle>
      </CardHeader>
      <CardContent>
        {registrations.isPending ? (
          <Spinner />
        ) : registrations.isError ? (
          <p className="text-sm text-destructive">Fehler beim Laden der Teilnehmer</p>
        ) : registrations.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Keine Anmeldungen vorhanden</p>
        ) : (
          <ul className="divide-y">
            {registrations.data.map((registration) => (
              <li key={registration.id} className="flex items-center justify-between gap-4 py-3">
                <div>
                  <Link to={`/admin/participants/${registration.id}`} className="font-medium hover:underline">
                    {registration.name}
                  </Link>
                  <p className="text-sm text-muted-foreground">{registration.eventTitle}</p>
                </div>
                <span className="text-sm text-muted-foreground">
                  {formatDateShort(registration.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
