import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/Spinner';
import type { FeatureFlag } from '#schemas/features';
import { useFeature } from '../lib/resources/use-feature';
import { useSession } from '../lib/session';
import { FeatureNotEnabledPage } from './FeatureNotEnabledPage';
import { ROUTE_FEATURES } from './route-features';
import { canOpen, manageHome, type ProtectedRoute } from './route-roles';

/**
 * To the login page, remembering the screen asked for: a link from outside (an alarm e-mail's) opens it after
 * sign-in instead of the dashboard. After the user signed out here, the next sign-in (perhaps someone else's)
 * opens the dashboard.
 */
function ToLogin() {
  const { pathname, search } = useLocation();
  const { signedOutByUser } = useSession();
  return <Navigate to="/login" replace state={signedOutByUser ? null : { from: `${pathname}${search}` }} />;
}

/**
 * Before each protected screen (spec §2): not signed in → /login; role not allowed → /unauthorized; a screen of a
 * feature the current merchant has not got → the "not enabled for this distributor" screen.
 */
export function RequireRole({ route, children }: { route: ProtectedRoute; children: ReactNode }) {
  const { status, identity } = useSession();
  if (status === 'unknown') return <PageSpinner />;
  if (status === 'signedOut' || !identity) return <ToLogin />;
  if (!canOpen(route, identity.role)) return <Navigate to="/unauthorized" replace />;
  const feature = ROUTE_FEATURES[route];
  return feature ? <RequireFeature feature={feature}>{children}</RequireFeature> : children;
}

function RequireFeature({ feature, children }: { feature: FeatureFlag; children: ReactNode }) {
  const { enabled, loading, merchant } = useFeature(feature);
  if (loading) return <PageSpinner />;
  if (!enabled) return <FeatureNotEnabledPage feature={feature} merchantName={merchant?.name ?? ''} />;
  return children;
}

/** /unauthorized needs a signed-in user, whatever the role. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'unknown') return <PageSpinner />;
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  return children;
}

/** Where a sign-in lands: the console screen the login page was sent from (ToLogin), else the dashboard. */
export function afterSignIn(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/dashboard';
}

/** /login and /confirm-client-data are hidden once signed in. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const { state } = useLocation();
  if (status === 'unknown') return <PageSpinner />;
  if (status === 'signedIn') return <Navigate to={afterSignIn(state)} replace />;
  return children;
}

/** The console shell needs one of the four roles; a signed-in user without one goes to /unauthorized. */
export function RequireValidRole({ children }: { children: ReactNode }) {
  const { status, identity } = useSession();
  if (status === 'unknown') return <PageSpinner />;
  if (status === 'signedOut' || !identity) return <ToLogin />;
  if (!identity.role) return <Navigate to="/unauthorized" replace />;
  return children;
}

/** /manage: the area's first screen for the role (spec §2). */
export function ManageIndex() {
  const { identity } = useSession();
  return <Navigate to={manageHome(identity?.role)} replace />;
}
