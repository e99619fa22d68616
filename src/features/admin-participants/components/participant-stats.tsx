import { StatCard } from '@/components/ui/stat-card';
import type { ParticipantStats as Stats } from '../lib/participant-filters';

export function ParticipantStats({ stats }: { stats: Stats }) {
  const items = [
    { label: 'Teilnehmer', value: stats.uniqueParticipants },
    { label: 'Bezahlt', value: stats.settled },
    { label: 'Offen', value: stats.open },
    { label: 'Anmeldungen', value: stats.registrations },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((item) => (
        <StatCard key={item.label} label={item.label}>
          <p className="text-3xl font-semibold" data-testid={`stat-${item.label}`}>
            {item.value}
          </p>
        </StatCard>
      ))}
    </div>
  );
}
