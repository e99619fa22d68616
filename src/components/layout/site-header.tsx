import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { mainNav, site } from '@/lib/site';
import { cn } from '@/lib/utils';
import { Logo } from './logo';
import { navVariant, type NavVariant } from './nav-variant';
import { ThemeToggle } from './theme-toggle';
import { useScrolled } from './use-scrolled';

// The sheet (Radix Dialog, focus trap, scroll lock) is only needed on phones after a tap,
// so it stays out of the entry chunk.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);

// Icon buttons need their own hover colours on the green bar.
const iconButtonStyles: Record<NavVariant, string> = {
  transparent: 'hover:bg-secondary',
  opaque: 'hover:bg-secondary',
  solid: 'hover:bg-forest-foreground/15 hover:text-forest-foreground',
};

const barStyles: Record<NavVariant, string> = {
  transparent: 'border-transparent bg-transparent text-foreground',
  opaque:
    'border-border bg-background/90 text-foreground shadow-sm backdrop-blur-md supports-[backdrop-filter]:bg-background/75',
  solid: 'border-forest bg-forest text-forest-foreground shadow-md',
};

export function SiteHeader() {
  const { pathname } = useLocation();
  const scrolled = useScrolled();
  const variant = navVariant(pathname, scrolled);
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuOpen = menuPath === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);

  const openMenu = () => {
    setMenuLoaded(true);
    setMenuPath(pathname);
  };

  return (
    <header
      data-variant={variant}
      className={cn('sticky top-0 z-40 w-full border-b transition-colors duration-300', barStyles[variant])}
    >
      <div className="container flex h-16 items-center gap-4 lg:h-20">
        <div className="flex items-center gap-3">
          <Logo markClassName={variant === 'solid' ? '[&>circle]:fill-forest-foreground/15' : undefined} />
          <span
            className={cn(
              'rounded-full border px-2 py-0.5 text-[0.7rem] font-medium tabular-nums tracking-wide',
              variant === 'solid' ? 'border-forest-foreground/40' : 'border-border text-muted-foreground',
            )}
            title="Version"
          >
            {site.version}
          </span>
        </div>

        <nav aria-label="Hauptnavigation" className="ml-auto hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.href}>
                <NavLink
                  to={item.href}
                  className={({ isActive }) =>
                    cn(
                      'relative rounded-md px-3 py-2 text-sm font-medium transition-colors after:absolute after:inset-x-3 after:-bottom-0.5 after:h-0.5 after:origin-left after:scale-x-0 after:rounded-full after:bg-current after:transition-transform hover:after:scale-x-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      isActive ? 'after:scale-x-100' : 'opacity-85 hover:opacity-100',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 lg:ml-2">
          <ThemeToggle className={iconButtonStyles[variant]} />
          <Button
            ref={toggleRef}
            type="button"
            variant="ghost"
            size="icon"
            className={cn('rounded-full lg:hidden', iconButtonStyles[variant])}
            aria-label="Menü öffnen"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={openMenu}
            onPointerEnter={() => void loadMobileMenu()}
            onFocus={() => void loadMobileMenu()}
          >
            <Menu aria-hidden="true" />
          </Button>
        </div>
      </div>

      {menuLoaded ? (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onOpenChange={(open) => setMenuPath(open ? pathname : null)}
            returnFocusTo={toggleRef}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
