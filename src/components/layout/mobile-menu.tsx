import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Mail, Phone, X } from 'lucide-react';
import type { RefObject } from 'react';
import { NavLink } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { adminNavItem, mainNav, site, type NavItem } from '@/lib/site';
import { cn } from '@/lib/utils';
import { mailtoHref, telHref } from './contact-hrefs';
import { LogoMark } from './logo';

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes back here when the sheet closes (Escape, close button or a link). */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** Phone navigation as a side sheet: focus is trapped while open, Escape closes it. */
export default function MobileMenu({ open, onOpenChange, returnFocusTo }: MobileMenuProps) {
  const { isAdmin } = useAuth();
  const items: NavItem[] = isAdmin ? [...mainNav, adminNavItem] : mainNav;

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-sm data-[state=open]:animate-in data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:fade-in-0" />
        <DialogPrimitive.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[86%] max-w-sm flex-col overflow-y-auto border-l bg-background text-foreground shadow-2xl duration-300 data-[state=open]:animate-in data-[state=closed]:animate-out data-[state=closed]:slide-out-to-right data-[state=open]:slide-in-from-right"
        >
          <div className="flex items-center justify-between border-b px-6 py-4">
            <div className="flex items-center gap-2.5">
              <LogoMark className="h-8 w-8" />
              <DialogPrimitive.Title className="font-serif text-lg font-semibold">Menü</DialogPrimitive.Title>
            </div>
            <DialogPrimitive.Close
              className="rounded-full p-2 transition-colors hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label="Menü schliessen"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">
            Alle Seiten von {site.name} im Überblick.
          </DialogPrimitive.Description>

          <nav aria-label="Mobile Navigation" className="flex-1 px-3 py-4">
            <ul className="space-y-1">
              {items.map((item) => (
                <li key={item.href}>
                  <NavLink
                    to={item.href}
                    onClick={() => onOpenChange(false)}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center rounded-lg px-3 py-3 font-serif text-xl transition-colors hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        isActive && 'bg-secondary text-primary',
                        item === adminNavItem && 'mt-3 border-t pt-4 font-sans text-base font-medium',
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="space-y-2 border-t px-6 py-5 text-sm text-muted-foreground">
            <a className="flex items-center gap-2 hover:text-foreground" href={mailtoHref}>
              <Mail className="h-4 w-4" aria-hidden="true" /> {site.email}
            </a>
            <a className="flex items-center gap-2 hover:text-foreground" href={telHref}>
              <Phone className="h-4 w-4" aria-hidden="true" /> {site.phone}
            </a>
            <p className="pt-2 text-xs">Version {site.version}</p>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
