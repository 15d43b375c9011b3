'use client';

import { useSyncExternalStore } from 'react';
import { tryItSessionAction, tryItTestKeyAction } from './actions';
import { modeOfToken, type TryItMode } from './try-it-money';

// What every "Try it" on the page sends as, chosen once at the top: a test key made for the tab (the default when
// signed in, so nothing spends real money unasked), the signed-in session, a pasted API key, or nothing. Kept for
// the tab in sessionStorage, so it survives a reload.
export type Choice = 'test' | 'session' | 'key' | 'none';
export type Credentials = { choice: Choice; key: string };

const CHOICES: Choice[] = ['test', 'session', 'key', 'none'];
const STORAGE_KEY = 'legwork.docs.try-it';
const listeners = new Set<() => void>();
let current: Credentials | null = null;
// Before the page hydrates: what a tab with nothing saved starts with (stable objects, as React requires).
const initial: Record<'test' | 'key', Credentials> = {
  test: { choice: 'test', key: '' },
  key: { choice: 'key', key: '' },
};

function read(fallback: Choice): Credentials {
  if (current) return current;
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Credentials | null;
    current = saved && CHOICES.includes(saved.choice) ? saved : { choice: fallback, key: '' };
  } catch {
    current = { choice: fallback, key: '' };
  }
  return current;
}

export function writeCredentials(next: Credentials) {
  current = next;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {}
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCredentials(signedIn: boolean): Credentials {
  const fallback = signedIn ? 'test' : 'key';
  const credentials = useSyncExternalStore(
    subscribe,
    () => read(fallback),
    () => initial[fallback],
  );
  // A session or a tab's test key chosen in a tab that has since signed out falls back to a pasted key.
  const needsAccount = credentials.choice === 'session' || credentials.choice === 'test';
  return needsAccount && !signedIn ? { ...credentials, choice: 'key' } : credentials;
}

/**
 * The mode one operation is sent in. The tab's test key stands aside for an operation that takes only a session
 * (none of them charges a card; an admin's payout still asks, as with a session).
 */
export function modeFor(credentials: Credentials, sessionOnly: boolean): TryItMode {
  switch (credentials.choice) {
    case 'test':
      return sessionOnly ? 'session' : 'test-key';
    case 'session':
      return 'session';
    case 'key':
      return modeOfToken(credentials.key);
    default:
      return 'none';
  }
}

// The tokens minted for this tab, per account (a different sign-in mints its own).
const MINTED = {
  session: { storageKey: 'legwork.docs.try-it-session', issue: tryItSessionAction },
  'test-key': {
    storageKey: 'legwork.docs.try-it-test-key',
    issue: async () => {
      const issued = await tryItTestKeyAction();
      return { token: issued.key, error: issued.error };
    },
  },
} as const;

export type MintedKind = keyof typeof MINTED;

export async function mintedToken(kind: MintedKind, accountId: string): Promise<string> {
  const { storageKey, issue } = MINTED[kind];
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(storageKey) ?? 'null') as {
      accountId: string;
      token: string;
    } | null;
    if (saved?.accountId === accountId) return saved.token;
  } catch {}
  const issued = await issue();
  if (!issued.token) throw new Error(issued.error ?? 'Could not get credentials for Try it.');
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify({ accountId, token: issued.token }));
  } catch {}
  return issued.token;
}

export function forgetMintedToken(kind: MintedKind) {
  try {
    window.sessionStorage.removeItem(MINTED[kind].storageKey);
  } catch {}
}
