import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { afterSignIn } from './guards';
import { preload, useSWRConfig } from 'swr';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant';
import { configureApi } from '../lib/api';
import { currentIdentity, getIdToken, signOutUser, type Identity } from '../lib/auth';
import { useLanguage } from '../lib/intl';
import { collectionsKey, fetchCollections } from '../lib/resources/get-collections';
import { fetchMe, meKey, useMe } from '../lib/resources/get-me';
import { SessionContext, type Session, type SessionStatus } from '../lib/session';
import { clearUserStores, readStored, removeStored, writeStored } from '../lib/storage';
import { useToast } from '../components/toasts';

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * Owns the signed-in state (spec §4): restores a session at startup, completes a sign-in (user info,
 * stores cleared, language, collections, dashboard), and logs out — also automatically when no token
 * can be acquired any more.
 */
export function SessionProvider({ apiBase, children }: { apiBase: string; children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { mutate } = useSWRConfig();
  const { language, setLanguage } = useLanguage();
  const { showToast } = useToast();
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const [status, setStatus] = useState<SessionStatus>('unknown');
  const [identity, setIdentity] = useState<Identity | null>(null);
  const [currentMerchantId, setMerchant] = useState<string | null>(() => readStored('merchants', 'current', isString));
  const loggingOut = useRef(false);

  const clearCache = useCallback(() => mutate(() => true, undefined, { revalidate: false }), [mutate]);

  const forgetSession = useCallback(async () => {
    clearUserStores();
    setMerchant(null);
    await clearCache();
  }, [clearCache]);

  // A session that cannot produce a token any more ends here: stores cleared, back to the login page.
  const autoLogout = useCallback(() => {
    if (loggingOut.current) return;
    loggingOut.current = true;
    void (async () => {
      await signOutUser().catch(() => undefined);
      setIdentity(null);
      setStatus('signedOut');
      await forgetSession();
      showToast({ kind: 'info', messageId: 'session.expired' });
      navigate('/login', { replace: true });
      loggingOut.current = false;
    })();
  }, [forgetSession, navigate, showToast]);

  useEffect(() => {
    configureApi({ baseUrl: apiBase, getToken: getIdToken, onUnauthenticated: autoLogout });
  }, [apiBase, autoLogout]);

  // Startup: is there a session already (tokens in storage, refreshable)?
  useEffect(() => {
    let cancelled = false;
    void currentIdentity().then((found) => {
      if (cancelled) return;
      setIdentity(found);
      setStatus(found ? 'signedIn' : 'signedOut');
      if (found?.role) void preload(collectionsKey, fetchCollections).catch(() => undefined);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  // The user's language follows their record (it may also change in the profile screen).
  const me = useMe(status === 'signedIn' && identity?.role != null);
  useEffect(() => {
    if (me.data && me.data.language !== language) void setLanguage(me.data.language);
  }, [me.data, language, setLanguage]);

  const completeSignIn = useCallback(async () => {
    const found = await currentIdentity();
    if (!found) throw new Error('no session after sign-in');
    if (!found.role) {
      setIdentity(found);
      setStatus('signedIn');
      navigate('/unauthorized', { replace: true });
      return;
    }
    let user;
    try {
      user = await fetchMe();
    } catch (error) {
      // Signed in at Cognito but unknown to the console (or the API is down): do not stay half signed in.
      await signOutUser().catch(() => undefined);
      throw error;
    }
    await forgetSession();
    await mutate(meKey, user, { revalidate: false });
    await setLanguage(user.language);
    await preload(collectionsKey, fetchCollections).catch(() => undefined);
    // Signed in and on the dashboard (or the screen a link asked for before sign-in) in one step, so nothing can move the user in between.
    setIdentity(found);
    setSignedOutByUser(false);
    setStatus('signedIn');
    navigate(afterSignIn(location.state), { replace: true });
  }, [forgetSession, mutate, navigate, setLanguage, location.state]);

  const logout = useCallback(
    async ({ delayMs = 0 }: { delayMs?: number } = {}) => {
      await forgetSession();
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await signOutUser();
      setIdentity(null);
      setSignedOutByUser(true);
      setStatus('signedOut');
      navigate('/login', { replace: true });
    },
    [forgetSession, navigate],
  );

  const setCurrentMerchantId = useCallback((id: string) => {
    writeStored('merchants', 'current', id);
    setMerchant(id);
  }, []);

  // A stored choice that is no longer allowed is dropped by the selector; keep ALL meaningful only for admins.
  useEffect(() => {
    if (currentMerchantId === ALL_DISTRIBUTORS_ID && identity?.role && identity.role !== 'NEBULARSUPERADMIN') {
      removeStored('merchants', 'current');
      setMerchant(null);
    }
  }, [currentMerchantId, identity]);

  const session = useMemo<Session>(
    () => ({ status, identity, signedOutByUser, currentMerchantId, setCurrentMerchantId, completeSignIn, logout }),
    [status, identity, signedOutByUser, currentMerchantId, setCurrentMerchantId, completeSignIn, logout],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
