import { LANGUAGE_STORAGE_KEY, SESSION_ADMIN_KEY, SESSION_TOKEN_KEY } from '@carta/contract/limits';
import { useSyncExternalStore } from 'react';

// The session lives in localStorage exactly as docs/product.md (Owner app) says: the token, and the admin flag as the text
// 'true'/'false'. The store keeps one snapshot object so useSyncExternalStore sees a stable value.

export type Session = {
  token: string | null;
  isLoggedIn: boolean;
  isAdmin: boolean;
  /**
   * The session ended because the user logged out here (kept in memory only). The guard then does
   * not remember the screen they were on: whoever logs in next may not own that club.
   */
  hasLoggedOut: boolean;
};

let hasLoggedOut = false;

const readSession = (): Session => {
  const token = localStorage.getItem(SESSION_TOKEN_KEY);
  return {
    token,
    isLoggedIn: token !== null && token !== '',
    isAdmin: localStorage.getItem(SESSION_ADMIN_KEY) === 'true',
    hasLoggedOut,
  };
};

let snapshot: Session = readSession();
const listeners = new Set<() => void>();

const publish = () => {
  snapshot = readSession();
  for (const listener of listeners) listener();
};

export const getSession = (): Session => snapshot;

export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const saveSession = ({ token, isAdmin }: { token: string; isAdmin: boolean }): void => {
  localStorage.setItem(SESSION_TOKEN_KEY, token);
  localStorage.setItem(SESSION_ADMIN_KEY, String(isAdmin));
  hasLoggedOut = false;
  publish();
};

/**
 * Logging out clears all of local storage (docs/product.md, Owner app) with the session. The chosen interface language is a preference
 * of the device rather than of the account, so it is written back: logging out must not switch a
 * English-speaking owner back to Italian.
 */
export const clearSession = ({ isLogout = false }: { isLogout?: boolean } = {}): void => {
  hasLoggedOut = isLogout;
  const language = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  localStorage.removeItem(SESSION_TOKEN_KEY);
  localStorage.removeItem(SESSION_ADMIN_KEY);
  localStorage.clear();
  if (language) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  publish();
};

// Another tab logging in or out changes the same storage; follow it so both tabs agree.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === SESSION_TOKEN_KEY || event.key === SESSION_ADMIN_KEY) publish();
});

export const useSession = (): Session => useSyncExternalStore(subscribeSession, getSession);
