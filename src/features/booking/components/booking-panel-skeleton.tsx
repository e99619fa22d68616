import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * The registration card's place while its code or the event loads on a client-rendered booking
 * page: same card, same heading, the form's height (measured at 390 and 1366 px in
 * tests/e2e/layout-shift.spec.ts), so the form takes its place without moving anything.
 */
export function BookingPanelSkeleton() {
  return (
    <Card aria-busy="true">
      <CardHeader>
        <CardTitle as="h2">Anmeldung</CardTitle>
      </CardHeader>
      <CardContent>
        <div role="status" className="min-h-[64rem] animate-pulse space-y-5 md:min-h-[60rem]">
          <span className="sr-only">Formular wird geladen…</span>
          {[0, 1, 2, 3].map((field) => (
            <div key={field} className="space-y-2" aria-hidden="true">
              <div className="h-4 w-24 rounded bg-muted" />
              <div className="h-10 w-full rounded-md bg-muted" />
            </div>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
