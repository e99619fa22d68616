import type { ReactNode } from 'react';

/**
 * 'Einstellungen': what the provider changes without a developer. The page is only a frame; each
 * section (`<SettingsSection>`, e.g. `FondueSettingsSection`) loads, validates and saves its own
 * values with its own button, so a section can be added without touching the others. The route
 * (src/app/routes/admin/settings.tsx) lists the sections in their order.
 */
export function SettingsPage({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-10">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Einstellungen</h1>
        <p className="mt-1 text-muted-foreground">
          Angaben, die Sie selbst ändern können. Die öffentliche Website übernimmt sie automatisch.
        </p>
      </div>
      {children}
    </div>
  );
}
