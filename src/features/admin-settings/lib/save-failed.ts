import { toast } from '@/components/ui/use-toast';
import { SettingsNotSavedError } from '../api/save-fondue-settings';

/**
 * The toast of every settings section whose save failed: the account's lack of rights in its own
 * words, anything else as the section's `fallback` ('Die Angaben konnten nicht gespeichert werden …').
 */
export function toastSaveFailed(error: unknown, fallback: string): void {
  toast({
    title: 'Fehler beim Speichern',
    description: error instanceof SettingsNotSavedError ? error.message : fallback,
    variant: 'destructive',
  });
}
