import { useAdminFondueSettings } from '../api/get-admin-fondue-settings';
import { FondueSettingsForm } from './fondue-settings-form';
import { SettingsSection } from './settings-section';

/** Season dates and prices of the Fonduehüsli, as /fonduehusli shows them. */
export function FondueSettingsSection() {
  return (
    <SettingsSection
      title="Fonduehüsli"
      description="Saison und Preise, wie die Seite Fonduehüsli sie zeigt."
      query={useAdminFondueSettings()}
      loadingLabel="Fonduehüsli wird geladen…"
    >
      {(settings) => <FondueSettingsForm settings={settings} />}
    </SettingsSection>
  );
}
