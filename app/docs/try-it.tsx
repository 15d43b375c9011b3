'use client';

import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { tryItSessionAction } from './actions';

// Smaller than the kit's fields: a tool tucked under each operation of the reference.
const input = 'block w-full min-w-0 rounded border border-stone-300 px-2 py-1 font-mono text-xs';

// What every "Try it" on the page sends as, chosen once at the top: the signed-in session, a pasted API key
// (a `lgw_test_` key moves no real money), or nothing. Kept for the tab in sessionStorage, so it survives a reload.
type Choice = 'session' | 'key' | 'none';
type Credentials = { choice: Choice; key: string };

const STORAGE_KEY = 'legwork.docs.try-it';
const listeners = new Set<() => void>();
let current: Credentials | null = null;
// Before the page hydrates: what a tab with nothing saved starts with (stable objects, as React requires).
const initial: Record<'session' | 'key', Credentials> = {
  session: { choice: 'session', key: '' },
  key: { choice: 'key', key: '' },
};

function read(fallback: Choice): Credentials {
  if (current) return current;
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Credentials | null;
    current = saved && ['session', 'key', 'none'].includes(saved.choice) ? saved : { choice: fallback, key: '' };
  } catch {
    current = { choice: fallback, key: '' };
  }
  return current;
}

function write(next: Credentials) {
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

function useCredentials(signedIn: boolean): Credentials {
  const fallback = signedIn ? 'session' : 'key';
  const credentials = useSyncExternalStore(
    subscribe,
    () => read(fallback),
    () => initial[fallback],
  );
  // A session chosen in a tab that has since signed out falls back to a key.
  return credentials.choice === 'session' && !signedIn ? { ...credentials, choice: 'key' } : credentials;
}

// The session token minted for this tab, per account (a different sign-in mints its own).
const SESSION_TOKEN_KEY = 'legwork.docs.try-it-session';

async function sessionToken(accountId: string): Promise<string> {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(SESSION_TOKEN_KEY) ?? 'null') as {
      accountId: string;
      token: string;
    } | null;
    if (saved?.accountId === accountId) return saved.token;
  } catch {}
  const issued = await tryItSessionAction();
  if (!issued.token) throw new Error(issued.error ?? 'Could not start a session for Try it.');
  try {
    window.sessionStorage.setItem(SESSION_TOKEN_KEY, JSON.stringify({ accountId, token: issued.token }));
  } catch {}
  return issued.token;
}

function forgetSessionToken() {
  try {
    window.sessionStorage.removeItem(SESSION_TOKEN_KEY);
  } catch {}
}

export type TryItAccount = { id: string; email: string | null } | null;

/** The one credential picker of the page: whom every "Try it" below calls the API as. */
export function TryItCredentials({ account }: { account: TryItAccount }) {
  const credentials = useCredentials(Boolean(account));
  const options: { choice: Choice; label: string; disabled?: boolean }[] = [
    {
      choice: 'session',
      label: account ? `You (${account.email ?? 'signed in'})` : 'You (sign in first)',
      disabled: !account,
    },
    { choice: 'key', label: 'An API key' },
    { choice: 'none', label: 'No credentials' },
  ];
  return (
    <fieldset className="min-w-0 space-y-2 rounded-lg border border-stone-200 bg-white p-4 text-sm">
      <legend className="px-1 font-medium">Try it sends requests as</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map(({ choice, label, disabled }) => (
          <label key={choice} className="flex items-center gap-2">
            <input
              type="radio"
              name="try-it-credentials"
              checked={credentials.choice === choice}
              disabled={disabled}
              onChange={() => write({ ...credentials, choice })}
            />
            {label}
          </label>
        ))}
      </div>
      {credentials.choice === 'key' && (
        <input
          aria-label="API key"
          placeholder="lgw_test_… (a test key moves no real money)"
          value={credentials.key}
          onChange={(event) => write({ ...credentials, key: event.target.value.trim() })}
          className={input}
          autoComplete="off"
          spellCheck={false}
        />
      )}
      <p className="text-xs text-stone-500">
        {credentials.choice === 'session'
          ? 'Requests carry a session token of your account, made for this tab: they act as you, as the dashboard does.'
          : credentials.choice === 'key'
            ? 'Create a test-mode key on the Keys page of the dashboard; it is kept in this tab only.'
            : 'Only the operations that need no authentication will succeed.'}
      </p>
    </fieldset>
  );
}

/** Sends the request from the browser and shows the raw answer: status, request id and body. */
export function TryIt({
  method,
  path,
  exampleBody,
  account,
}: {
  method: string;
  path: string;
  /** The JSON body to start from (generated from the request schema), or null when the operation takes none. */
  exampleBody: string | null;
  account: TryItAccount;
}) {
  const credentials = useCredentials(Boolean(account));
  const [resolvedPath, setResolvedPath] = useState(path);
  const [body, setBody] = useState(exampleBody ?? '');
  const [result, setResult] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    try {
      const call = async () => {
        const headers: Record<string, string> = {};
        const token =
          credentials.choice === 'session' && account
            ? await sessionToken(account.id)
            : credentials.choice === 'key'
              ? credentials.key
              : '';
        if (token) headers.authorization = `Bearer ${token}`;
        if (exampleBody !== null) headers['content-type'] = 'application/json';
        return fetch(resolvedPath, { method, headers, body: exampleBody !== null ? body : undefined });
      };
      let response = await call();
      // The tab's session token was revoked (signed out everywhere, say): make a new one once.
      if (response.status === 401 && credentials.choice === 'session') {
        forgetSessionToken();
        response = await call();
      }
      const text = await response.text();
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {}
      setResult(
        `${response.status} ${response.statusText}  (X-Request-Id: ${response.headers.get('x-request-id')})\n\n${pretty}`,
      );
    } catch (error) {
      setResult(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <details className="min-w-0 text-sm">
      <summary className="cursor-pointer text-stone-700">Try it</summary>
      <div className="mt-2 space-y-2">
        <input
          aria-label="Path"
          value={resolvedPath}
          onChange={(event) => setResolvedPath(event.target.value)}
          className={input}
        />
        {exampleBody !== null && (
          <textarea
            aria-label="JSON body"
            value={body}
            onChange={(event) => setBody(event.target.value)}
            rows={Math.min(14, Math.max(4, body.split('\n').length + 1))}
            className={input}
          />
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button compact onClick={send} disabled={sending}>
            {sending ? 'Sending…' : `Send ${method}`}
          </Button>
          <span className="text-xs text-stone-500">
            as{' '}
            {credentials.choice === 'session'
              ? 'you'
              : credentials.choice === 'key'
                ? credentials.key
                  ? `key ${credentials.key.slice(0, 12)}…`
                  : 'a key (none entered above)'
                : 'nobody'}
          </span>
        </div>
        {result && (
          <pre data-testid="try-it-result" className="overflow-x-auto rounded bg-stone-100 p-3 text-xs">
            {result}
          </pre>
        )}
      </div>
    </details>
  );
}
