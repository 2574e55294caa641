import { createContext, useContext } from 'react';
import type { Identity } from './auth';

/** Spec §4 auth status, reduced to what the UI branches on. */
export type SessionStatus = 'unknown' | 'signedOut' | 'signedIn';

export interface Session {
  status: SessionStatus;
  /** Set when signed in; `identity.role` is null for a user without a valid role (→ /unauthorized). */
  identity: Identity | null;
  /** True once the user signed out here: the next sign-in opens the dashboard, not the screen they left. */
  signedOutByUser: boolean;
  /** The merchant picked in the app bar ('ALL' = all distributors for the super admin). */
  currentMerchantId: string | null;
  setCurrentMerchantId: (id: string) => void;
  /** After Amplify reports a completed sign-in: load the user, reset stores, open the dashboard. */
  completeSignIn: () => Promise<void>;
  /** Clears stored state and signs out; rejects when signing out fails. */
  logout: (options?: { delayMs?: number }) => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
