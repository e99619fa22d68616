import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface SettingsSectionProps<T> {
  title: string;
  description: ReactNode;
  /** The section's own values: it shows a spinner while they load and a retry when that fails. */
  query: UseQueryResult<T>;
  /** What is loading, for the spinner's label ('Fonduehüsli wird geladen…'). */
  loadingLabel: string;
  /** The form over the loaded values; it saves them with its own button. */
  children: (data: T) => ReactNode;
}

/** One section of the 'Einstellungen' page: its heading, what it is for, and its form. */
export function SettingsSection<T>({
  title,
  description,
  query,
  loadingLabel,
  children,
}: SettingsSectionProps<T>) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="font-serif text-2xl font-semibold">
          {title}
        </h2>
        <p className="mt-1 max-w-3xl text-muted-foreground">{description}</p>
      </div>
      {query.data !== undefined ? (
        children(query.data)
      ) : query.isError ? (
        <div role="alert" className="space-y-3 rounded-lg border bg-card p-6">
          <p>Die Einstellungen «{title}» konnten nicht geladen werden.</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Erneut versuchen
          </Button>
        </div>
      ) : (
        <div className="flex justify-center py-10">
          <Spinner label={loadingLabel} />
        </div>
      )}
    </section>
  );
}
