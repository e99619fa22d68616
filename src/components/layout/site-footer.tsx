import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { adminNavItem, footerNav, site } from '@/lib/site';
import { mailtoHref, telHref } from './contact-hrefs';
import { LogoMark } from './logo';

const linkClass =
  'rounded-sm text-forest-foreground/85 transition-colors hover:text-forest-foreground hover:underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-forest-foreground';

export function SiteFooter() {
  const { isAdmin } = useAuth();
  const year = new Date().getFullYear();

  return (
    <footer className="bg-forest text-forest-foreground">
      <div className="container grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="max-w-sm space-y-4">
          <Link
            to="/"
            className="inline-flex items-center gap-2.5 rounded-md"
            aria-label={`${site.name} – zur Startseite`}
          >
            <LogoMark className="h-10 w-10 [&>circle]:fill-forest-foreground/15" />
            <span className="font-serif text-2xl font-semibold">{site.name}</span>
          </Link>
          <p className="leading-relaxed text-forest-foreground/85">
            Wir schaffen Räume, in denen Essen, Atem und Natur alle Sinne ansprechen: am Feuer, im Wald und am
            gemeinsamen Tisch. Für Begegnungen, die nachklingen.
          </p>
          <ul className="flex gap-5 pt-1 text-sm font-medium">
            <li>
              <a className={linkClass} href={site.social.instagram} target="_blank" rel="noopener noreferrer">
                Instagram
              </a>
            </li>
            <li>
              <a className={linkClass} href={site.social.facebook} target="_blank" rel="noopener noreferrer">
                Facebook
              </a>
            </li>
          </ul>
        </div>

        <nav aria-label="Footer-Navigation">
          <h2 className="mb-4 font-sans text-sm font-semibold uppercase tracking-widest text-forest-foreground/70">
            Entdecken
          </h2>
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2.5 lg:grid-cols-1">
            {footerNav.map((item) => (
              <li key={item.href}>
                <Link className={linkClass} to={item.href}>
                  {item.label}
                </Link>
              </li>
            ))}
            {isAdmin ? (
              <li>
                <Link className={linkClass} to={adminNavItem.href}>
                  Admin
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>

        <div>
          <h2 className="mb-4 font-sans text-sm font-semibold uppercase tracking-widest text-forest-foreground/70">
            Kontakt
          </h2>
          <ul className="space-y-3">
            <li>
              <a className={`${linkClass} inline-flex items-center gap-2`} href={mailtoHref}>
                <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
                {site.email}
              </a>
            </li>
            <li>
              <a className={`${linkClass} inline-flex items-center gap-2`} href={telHref}>
                <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
                {site.phone}
              </a>
            </li>
          </ul>
        </div>

        <div>
          <h2 className="mb-4 font-sans text-sm font-semibold uppercase tracking-widest text-forest-foreground/70">
            Standorte
          </h2>
          <ul className="space-y-3">
            {site.locations.map((location) => (
              <li key={location.name} className="flex gap-2">
                <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                <span>
                  <span className="block font-medium">{location.name}</span>
                  <span className="text-sm text-forest-foreground/80">{location.address}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-forest-foreground/15">
        {/* pb-24: room for the floating contact button at the end of the page. */}
        <div className="container flex flex-col gap-2 pb-24 pt-6 text-sm text-forest-foreground/80 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {site.name}. Alle Rechte vorbehalten.
          </p>
          <p>Version {site.version}</p>
        </div>
      </div>
    </footer>
  );
}
