import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CurrentUser, Session } from '../../../../shared/api/auth';
import { answered } from '../api-error';
import { dispatchWalletUserChanged, SELLER_STATUS_CHANGED, type SellerStatusChangedDetail } from './session-events';
import {
  clearSession,
  isSessionUsable,
  readUsableSession,
  saveSession,
  SESSION_KEYS,
  type StoredSession,
} from './session-storage';

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

export interface SessionValue {
  status: SessionStatus;
  token: string | null;
  user: CurrentUser | null;
  /** After a completed sign-in or account creation. */
  signIn(signed: { session: Session; user: CurrentUser }): void;
  /** Ends the session on the server (best effort) and clears everything local. */
  disconnect(): Promise<void>;
  /** A change the server confirmed (avatar, seller status). */
  updateUser(patch: Partial<Pick<CurrentUser, 'isSeller' | 'avatarUrl'>>): void;
}

/** Renew this long before expiry: well before the server's 5-minute refusal window, with room for a retry. */
export const REFRESH_LEAD_MS = 10 * 60 * 1000;
const RETRY_REFRESH_MS = 60 * 1000;

type State =
  | { status: 'loading'; saved: StoredSession }
  | { status: 'signed-out' }
  | { status: 'signed-in'; session: Session; user: CurrentUser };

const SessionContext = createContext<SessionValue | null>(null);

/** The session's server calls (domains/auth), loaded on demand. */
const loadApi = () => import('../../domains/auth/session-api');

/** Waits before each new attempt to restore a saved session the server did not answer: 1 s, then 3 s. */
export const RESTORE_RETRY_DELAYS_MS = [1000, 3000];

/**
 * Restores a saved session. Only the server's refusal (a 4xx) ends it: a request cut off by leaving the page, a lost
 * connection or a busy server leaves the saved session for the next attempt or the next page, so the user is not
 * signed out by a network blip.
 */
async function restoreSaved(saved: StoredSession): Promise<State> {
  for (let attempt = 0; ; attempt++) {
    try {
      const { session, user } = await (await loadApi()).restoreSession(saved.token);
      saveSession(session, user.walletAddress);
      return { status: 'signed-in', session, user };
    } catch (error: unknown) {
      const refused = answered(error);
      const delay = RESTORE_RETRY_DELAYS_MS[attempt];
      if (!refused && delay !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        continue;
      }
      console.warn('Saved session could not be restored', error);
      if (refused) clearSession();
      return { status: 'signed-out' };
    }
  }
}

function initialState(): State {
  const saved = readUsableSession(Date.now());
  return saved ? { status: 'loading', saved } : { status: 'signed-out' };
}

/** Holds the wallet session: restores a saved one on load, renews it while the tab is open, signs in and out. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>(initialState);
  // One restore per page load, shared by StrictMode's second effect run.
  const restoring = useRef<Promise<State> | null>(null);

  const saved = state.status === 'loading' ? state.saved : null;
  useEffect(() => {
    if (!saved) return;
    restoring.current ??= restoreSaved(saved);
    let live = true;
    void restoring.current.then((next) => {
      if (live) setState((current) => (current.status === 'loading' ? next : current));
    });
    return () => {
      live = false;
    };
  }, [saved]);

  const session = state.status === 'signed-in' ? state.session : null;
  useEffect(() => {
    if (!session) return;
    let timer: ReturnType<typeof setTimeout>;
    let live = true;
    const renew = () => {
      void loadApi()
        .then((api) => api.refreshSession(session.token))
        .then((next) => {
          if (!live) return;
          setState((current) => {
            if (current.status !== 'signed-in' || current.session.token !== session.token) return current;
            saveSession(next, current.user.walletAddress);
            return { ...current, session: next };
          });
        })
        .catch((error: unknown) => {
          if (!live) return;
          if (isSessionUsable(session, Date.now())) {
            timer = setTimeout(renew, RETRY_REFRESH_MS);
            return;
          }
          console.warn('Session could not be renewed', error);
          clearSession();
          setState({ status: 'signed-out' });
          dispatchWalletUserChanged({ walletAddress: null });
        });
    };
    timer = setTimeout(renew, Math.max(0, Date.parse(session.expiresAt) - Date.now() - REFRESH_LEAD_MS));
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [session]);

  useEffect(() => {
    const onSellerStatus = (event: Event) => {
      const { isSeller } = (event as CustomEvent<SellerStatusChangedDetail>).detail;
      setState((current) =>
        current.status === 'signed-in' ? { ...current, user: { ...current.user, isSeller } } : current,
      );
    };
    // Disconnecting in another tab ends this tab's session too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_KEYS.token && event.newValue === null) setState({ status: 'signed-out' });
    };
    window.addEventListener(SELLER_STATUS_CHANGED, onSellerStatus);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(SELLER_STATUS_CHANGED, onSellerStatus);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const signIn = useCallback((signed: { session: Session; user: CurrentUser }) => {
    saveSession(signed.session, signed.user.walletAddress);
    setState({ status: 'signed-in', session: signed.session, user: signed.user });
    dispatchWalletUserChanged({ walletAddress: signed.user.walletAddress });
  }, []);

  const token = session?.token ?? null;
  const disconnect = useCallback(async () => {
    if (token) {
      await loadApi()
        .then((api) => api.signOut(token))
        .catch((error: unknown) => console.warn('Server sign-out failed; the token still expires on its own', error));
    }
    clearSession();
    setState({ status: 'signed-out' });
    dispatchWalletUserChanged({ walletAddress: null });
  }, [token]);

  const updateUser = useCallback((patch: Partial<Pick<CurrentUser, 'isSeller' | 'avatarUrl'>>) => {
    setState((current) =>
      current.status === 'signed-in' ? { ...current, user: { ...current.user, ...patch } } : current,
    );
  }, []);

  const user = state.status === 'signed-in' ? state.user : null;
  const value = useMemo<SessionValue>(
    () => ({ status: state.status, token, user, signIn, disconnect, updateUser }),
    [state.status, token, user, signIn, disconnect, updateUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session where one is provided, else null (components that also render outside the app, e.g. in tests). */
export function useOptionalSession(): SessionValue | null {
  return useContext(SessionContext);
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The session of a page that requires sign-in (inside RequireSignIn): token and user are there. */
export function useSignedInSession(): SessionValue & { token: string; user: CurrentUser } {
  const value = useSession();
  if (!value.token || !value.user) throw new Error('useSignedInSession outside RequireSignIn');
  return value as SessionValue & { token: string; user: CurrentUser };
}
