import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth/auth-context';
import { authErrorMessage } from '@/lib/auth/auth-error-message';
import { cn } from '@/lib/utils';
import { signOut } from '../api/sign-out';

const APP_VERSION = '1.0.0';

const navItems = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/events', label: 'Events' },
  { to: '/admin/participants', label: 'Teilnehmer' },
  { to: '/admin/fonduehusli', label: 'Fonduehüsli' },
  { to: '/admin/zahlungen', label: 'Zahlungen' },
  { to: '/admin/finanzen', label: 'Finanzen' },
  { to: '/admin/rabattcodes', label: 'Rabattcodes' },
  { to: '/admin/gutscheine', label: 'Gutscheine' },
  { to: '/admin/inbox', label: 'Posteingang' },
  { to: '/admin/users', label: 'Benutzer' },
  { to: '/admin/datenschutz', label: 'Datenschutz' },
  { to: '/admin/settings', label: 'Einstellungen' },
];

interface AdminHeaderProps {
  /** Shown after a navigation item's label, by its path (e.g. the inbox's open counts). */
  navBadges?: Record<string, ReactNode>;
}

export function AdminHeader({ navBadges }: AdminHeaderProps) {
  const { user } = useAuth();
  const navigate = useNavigate();

  async function handleSignOut() {
    try {
      await signOut();
    } catch (error) {
      toast({
        title: 'Authentifizierungsfehler',
        description: authErrorMessage(error, 'Die Abmeldung ist fehlgeschlagen.'),
        variant: 'destructive',
      });
    }
    navigate('/admin/login', { replace: true });
  }

  return (
    <header className="border-b bg-card">
      {/* On a phone: brand and sign-out in the first row, the navigation as a grid of three columns below. */}
      <div className="container flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2 sm:py-3">
        <div className="flex items-baseline gap-2">
          <span className="font-serif text-lg font-semibold">Admin</span>
          <span className="text-xs text-muted-foreground">v{APP_VERSION}</span>
        </div>
        <nav
          aria-label="Admin"
          className="order-last grid w-full grid-cols-3 gap-1 lg:order-none lg:flex lg:w-auto lg:flex-wrap"
        >
          {navItems.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                cn(
                  // One line, the badges beside the label (at 390 px too): a badge that wrapped
                  // below 'Posteingang' made that cell taller than its neighbours.
                  'inline-flex items-center justify-center gap-1 whitespace-nowrap rounded-md px-1 py-2 text-sm font-medium hover:bg-secondary sm:px-3',
                  isActive && 'bg-secondary text-secondary-foreground',
                )
              }
            >
              {item.label}
              {navBadges?.[item.to]}
            </NavLink>
          ))}
        </nav>
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          <span className="min-w-0 break-all text-xs text-muted-foreground sm:text-sm">{user?.email}</span>
          <Button variant="outline" size="sm" className="shrink-0" onClick={handleSignOut}>
            <LogOut aria-hidden="true" />
            Abmelden
          </Button>
        </div>
      </div>
    </header>
  );
}
