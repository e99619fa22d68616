import { Badge } from '@/components/ui/badge';
import { useConnectionState, type ConnectionState } from '../api/check-connection';

const presentation: Record<
  ConnectionState,
  { label: string; variant: 'secondary' | 'success' | 'destructive' }
> = {
  checking: { label: 'Verbindung wird geprüft…', variant: 'secondary' },
  connected: { label: 'Datenbank verbunden', variant: 'success' },
  failed: { label: 'Keine Datenbankverbindung', variant: 'destructive' },
};

export function ConnectionStatus() {
  const state = useConnectionState();
  const { label, variant } = presentation[state];
  return (
    <Badge variant={variant} role="status" data-state={state}>
      {label}
    </Badge>
  );
}
