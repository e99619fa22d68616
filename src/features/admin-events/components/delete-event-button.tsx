import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface DeleteEventButtonProps {
  onConfirm: () => void;
  busy: boolean;
}

export function DeleteEventButton({ onConfirm, busy }: DeleteEventButtonProps) {
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="destructive" disabled={busy}>
          <Trash2 aria-hidden="true" />
          {busy ? 'Wird gelöscht…' : 'Event löschen'}
        </Button>
      }
      title="Event löschen"
      description="Sind Sie sicher, dass Sie dieses Event löschen möchten?"
      confirmLabel="Löschen"
      onConfirm={onConfirm}
    />
  );
}
