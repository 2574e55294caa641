import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../components/Spinner';
import { useSession } from '../lib/session';
import { canOpen, manageHome, type ProtectedRoute } from './route-roles';

/** Before each protected screen (spec §2): not signed in → /login; role not allowed → /unauthorized. */
export function RequireRole({ route, children }: { route: ProtectedRoute; children: ReactNode }) {
  const { status, identity } = useSession();
  if (status === 'unknown') return <PageSpinner />;
  if (status === 'signedOut' || !identity) return <Navigate to="/login" replace />;
  if (!canOpen(route, identity.role)) return <Navigate to="/unauthorized" replace />;
  return children;
}

/** /unauthorized needs a signed-in user, whatever the role. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'unknown') return <PageSpinner />;
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  return children;
}

/** /login and /confirm-client-data are hidden once signed in. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'unknown') return <PageSpinner />;
  if (status === 'signedIn') return <Navigate to="/dashboard" replace />;
  return children;
}

/** The console shell needs one of the four roles; a signed-in user without one goes to /unauthorized. */
export function RequireValidRole({ children }: { children: ReactNode }) {
  const { status, identity } = useSession();
  if (status === 'unknown') return <PageSpinner />;
  if (status === 'signedOut' || !identity) return <Navigate to="/login" replace />;
  if (!identity.role) return <Navigate to="/unauthorized" replace />;
  return children;
}

/** /manage: the area's first screen for the role (spec §2). */
export function ManageIndex() {
  const { identity } = useSession();
  return <Navigate to={manageHome(identity?.role)} replace />;
}
