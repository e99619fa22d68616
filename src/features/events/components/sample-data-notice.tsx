import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** The yellow banner shown while lists display the built-in sample events. */
export function SampleDataNotice({ children, detail }: { children: ReactNode; detail?: string | null }) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-md border border-warning bg-warning/20 p-4 text-sm text-foreground"
    >
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-medium">{children}</p>
        {detail ? <p className="mt-1 text-muted-foreground">{detail}</p> : null}
      </div>
    </div>
  );
}
