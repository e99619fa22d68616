import { useEffect } from 'react';
import { toast } from '@/components/ui/use-toast';
import type { EventListState } from '../api/get-events';
import { TRY_AGAIN_LATER } from '../texts';

/** The spec's toasts when a list falls back to samples or fails (events page, Atmen list). */
export function useFallbackToasts(status: EventListState['status']) {
  useEffect(() => {
    if (status === 'samples') {
      toast({
        title: 'Datenbank nicht verfügbar',
        description: 'Verwende Beispieldaten stattdessen',
        variant: 'destructive',
      });
    } else if (status === 'error') {
      toast({ title: 'Fehler beim Laden der Events', description: TRY_AGAIN_LATER, variant: 'destructive' });
    }
  }, [status]);
}
