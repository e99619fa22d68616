import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAdminFondueSettings } from '../api/get-admin-fondue-settings';
import { SettingsForm } from './settings-form';

/** 'Einstellungen': what the provider changes without a developer. */
export function SettingsPage() {
  const settings = useAdminFondueSettings();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Einstellungen</h1>
        <p className="mt-1 text-muted-foreground">
          Angaben, die Sie selbst ändern können. Die öffentliche Website übernimmt sie automatisch.
        </p>
      </div>
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <div role="alert" className="space-y-3 rounded-lg border bg-card p-6">
          <p>Die Einstellungen konnten nicht geladen werden.</p>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            Erneut versuchen
          </Button>
        </div>
      ) : (
        <div className="flex justify-center py-16">
          <Spinner label="Einstellungen werden geladen..." />
        </div>
      )}
    </div>
  );
}
