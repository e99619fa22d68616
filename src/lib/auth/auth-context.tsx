import { createContext, useContext, type ReactNode } from 'react';
import type { Session, User } from '@supabase/supabase-js';

// App-wide auth state. Public UI (navigation, footer) only reads `isAdmin` to decide whether to
// show admin links; the database (RLS) decides what data anyone can reach.
// The admin issue replaces the provider below with the real Supabase-backed implementation.
export interface AuthState {
  user: User | null;
  session: Session | null;
  isAdmin: boolean;
  isLoading: boolean;
}

const defaultState: AuthState = { user: null, session: null, isAdmin: false, isLoading: false };

export const AuthContext = createContext<AuthState>(defaultState);

export function AuthProvider({ children }: { children: ReactNode }) {
  return <AuthContext.Provider value={defaultState}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
