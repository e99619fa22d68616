import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

interface ListStateProps {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  errorText: string;
  emptyText: string;
  children: ReactNode;
}

/** Loading, error and empty states of an inbox list, then the list itself. */
export function ListState({ isPending, isError, isEmpty, errorText, emptyText, children }: ListStateProps) {
  if (isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-24 w-full" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm">
        {errorText}
      </p>
    );
  }
  if (isEmpty) return <p className="py-8 text-center text-muted-foreground">{emptyText}</p>;
  return <>{children}</>;
}
