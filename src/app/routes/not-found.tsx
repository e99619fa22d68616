import { Link } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';

export default function NotFoundPage() {
  return (
    <>
      <Seo title="Seite nicht gefunden" path="/404" noindex />
      <section className="container flex flex-col items-start gap-6 py-24">
        <p className="text-sm font-medium uppercase tracking-widest text-accent">Fehler 404</p>
        <h1 className="text-4xl font-semibold md:text-5xl">Seite nicht gefunden</h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          Diesen Weg gibt es leider nicht – vielleicht wurde die Seite verschoben oder der Link hat sich
          verschrieben. Von hier aus findest du bestimmt zurück.
        </p>
        <div className="flex flex-wrap gap-4">
          <Link className="rounded-md bg-primary px-5 py-3 font-medium text-primary-foreground" to="/">
            Zur Startseite
          </Link>
          <Link className="rounded-md border px-5 py-3 font-medium" to="/experience">
            Alle Erlebnisse entdecken
          </Link>
        </div>
      </section>
    </>
  );
}
