import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** Router error screen (spec: 'Unexpected Application Error!'). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="container py-24">
      <h1 className="text-3xl font-semibold">Unexpected Application Error!</h1>
      <p className="mt-4 text-muted-foreground">{detail}</p>
      <a className="mt-8 inline-block underline" href="/">
        Zur Startseite
      </a>
    </main>
  );
}
