import { Loader2 } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth/auth-context';

/** Where the login page sends the user back to after signing in. */
export interface LoginRedirectState {
  from?: string;
}

/**
 * Lets only admins see its children. This is user experience only: row-level security is what
 * keeps the data away from everyone else.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, isAdmin, isLoading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const redirected = useRef(false);
  const refused = !isLoading && (!user || !isAdmin);

  useEffect(() => {
    if (!refused || redirected.current) return;
    // Redirect exactly once, even if the auth state flickers while the sign-out settles.
    redirected.current = true;
    if (user) {
      toast({
        title: 'Zugriff verweigert',
        description: 'Sie haben keine Admin-Berechtigungen',
        variant: 'destructive',
      });
    }
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}` };
    navigate('/admin/login', { replace: true, state });
  }, [refused, user, location.pathname, location.search, navigate]);

  if (isLoading) return <CenteredNotice text="Dashboard wird geladen…" />;
  if (refused) return <CenteredNotice text="Weiterleitung zur Anmeldeseite…" />;
  return <>{children}</>;
}

function CenteredNotice({ text }: { text: string }) {
  return (
    <div
      role="status"
      className="flex min-h-screen flex-col items-center justify-center gap-3 text-muted-foreground"
    >
      <Loader2 className="h-8 w-8 animate-spin text-primary" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
