import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { Session, User } from '@supabase/supabase-js';
import { loadSupabase, whenSupabaseLoaded, type Supabase } from '@/lib/load-supabase';
import { mayHaveSession } from './stored-session';
import { checkAdminStatus, clearAdminStatus, readAdminFlag } from './admin-status';

// App-wide auth state. Public UI (navigation, footer) only reads `isAdmin` to decide whether to
// show admin links; the database (RLS) decides what data anyone can reach.
export interface AuthState {
  user: User | null;
  session: Session | null;
  /** While the check runs this is the stored flag (optimistic), afterwards the checked answer. */
  isAdmin: boolean;
  /** True until the session is known and, with a user, until the admin check has answered. */
  isLoading: boolean;
}

export interface AuthActions {
  /** Re-reads the admin status from the database, bypassing the cache. */
  refreshAdmin: () => Promise<boolean>;
}

const defaultState: AuthState = { user: null, session: null, isAdmin: false, isLoading: false };

export const AuthContext = createContext<AuthState>(defaultState);
const AuthActionsContext = createContext<AuthActions>({ refreshAdmin: async () => false });

interface AdminCheck {
  userId: string;
  isAdmin: boolean;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  // An anonymous visitor's session is known at once (there is none). Not in an effect: a change
  // of this context after the page has hydrated would hydrate every part of it that is waiting
  // to be seen (src/app/deferred-hydration.tsx). The prerender knows nothing (no window).
  const [sessionKnown, setSessionKnown] = useState(
    () => typeof window !== 'undefined' && !mayHaveSession(window.localStorage, window.location.href),
  );
  const [adminCheck, setAdminCheck] = useState<AdminCheck | null>(null);

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    const follow = (supabase: Supabase) => {
      if (!active) return;
      // The callback must not call supabase itself (it runs inside the client's auth lock);
      // it only stores the session and the effect below does the admin check.
      const { data } = supabase.auth.onAuthStateChange((event, next) => {
        if (event === 'SIGNED_OUT') {
          clearAdminStatus();
          setAdminCheck(null);
        }
        // A transition, as below: the client is loaded by the first request a public page makes
        // (INITIAL_SESSION follows), and an urgent context change would reach the page's parts
        // that are still waiting for their chunk, which React then re-renders from scratch.
        startTransition(() => {
          setSession(next);
          setSessionKnown(true);
        });
      });
      unsubscribe = () => data.subscription.unsubscribe();
      return supabase.auth.getSession().then(({ data: current }) => {
        if (!active) return;
        // A transition: the new context value must not force the page's still-dehydrated parts
        // to hydrate in one blocking task (TBT on prerendered pages).
        startTransition(() => {
          setSession(current.session);
          setSessionKnown(true);
        });
      });
    };
    if (mayHaveSession(window.localStorage, window.location.href)) {
      void loadSupabase().then(follow);
    } else {
      // An anonymous visitor: nothing to load on a public page. A sign-in form loads the client
      // itself, and from then on this provider follows the session as above.
      unsubscribe = whenSupabaseLoaded((supabase) => void follow(supabase));
    }
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, []);

  const userId = session?.user.id ?? null;

  useEffect(() => {
    if (!userId) return;
    let active = true;
    void checkAdminStatus(userId).then((isAdmin) => {
      if (active) setAdminCheck({ userId, isAdmin });
    });
    return () => {
      active = false;
    };
  }, [userId]);

  const refreshAdmin = useCallback(async () => {
    if (!userId) return false;
    const isAdmin = await checkAdminStatus(userId, { force: true });
    setAdminCheck({ userId, isAdmin });
    return isAdmin;
  }, [userId]);

  const checking = userId !== null && adminCheck?.userId !== userId;
  const isAdmin = userId === null ? false : checking ? readAdminFlag() : (adminCheck?.isAdmin ?? false);
  const state = useMemo<AuthState>(
    () => ({ user: session?.user ?? null, session, isAdmin, isLoading: !sessionKnown || checking }),
    [session, isAdmin, sessionKnown, checking],
  );
  const actions = useMemo<AuthActions>(() => ({ refreshAdmin }), [refreshAdmin]);

  return (
    <AuthActionsContext.Provider value={actions}>
      <AuthContext.Provider value={state}>{children}</AuthContext.Provider>
    </AuthActionsContext.Provider>
  );
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}

export function useAuthActions(): AuthActions {
  return useContext(AuthActionsContext);
}
