'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { describeMode, type MovesMoney, moneyQuestion } from './try-it-money';
import {
  type Choice,
  forgetMintedToken,
  type MintedKind,
  mintedToken,
  modeFor,
  useCredentials,
  writeCredentials,
} from './try-it-store';

// Smaller than the kit's fields: a tool tucked under each operation of the reference.
const input = 'block w-full min-w-0 rounded border border-stone-300 px-2 py-1 font-mono text-xs';

export type TryItAccount = { id: string; email: string | null } | null;

const EXPLANATIONS: Record<Choice, string> = {
  test:
    'Requests carry a test-mode API key of your account, made for this tab (it expires within the hour): tasks are ' +
    'test tasks and no real money moves. Operations that take only a session use your session.',
  session:
    'Requests carry a session token of your account, made for this tab: they act as you, as the dashboard does. ' +
    'An operation that charges your card or pays a worker asks first.',
  key: 'Create a test-mode key on the Keys page of the dashboard; it is kept in this tab only. A live key asks before spending.',
  none: 'Only the operations that need no authentication will succeed.',
};

/** The one credential picker of the page: whom every "Try it" below calls the API as. */
export function TryItCredentials({ account }: { account: TryItAccount }) {
  const credentials = useCredentials(Boolean(account));
  const options: { choice: Choice; label: string; disabled?: boolean }[] = [
    {
      choice: 'test',
      label: account ? 'A test key for this tab (no real money)' : 'A test key for this tab (sign in first)',
      disabled: !account,
    },
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
              onChange={() => writeCredentials({ ...credentials, choice })}
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
          onChange={(event) => writeCredentials({ ...credentials, key: event.target.value.trim() })}
          className={input}
          autoComplete="off"
          spellCheck={false}
        />
      )}
      <p className="text-xs text-stone-500">{EXPLANATIONS[credentials.choice]}</p>
    </fieldset>
  );
}

/**
 * Sends the request from the browser and shows the raw answer: status, request id and body. An operation that
 * moves money (`movesMoney`, from its `x-moves-money`) asks first when sent with a session or a live key.
 */
export function TryIt({
  method,
  path,
  exampleBody,
  account,
  movesMoney,
  sessionOnly,
  livemode,
}: {
  method: string;
  path: string;
  /** The JSON body to start from (generated from the request schema), or null when the operation takes none. */
  exampleBody: string | null;
  account: TryItAccount;
  movesMoney?: MovesMoney;
  /** The operation takes a session token and no API key. */
  sessionOnly: boolean;
  /** Real money can move on this site (a live Stripe key). */
  livemode: boolean;
}) {
  const credentials = useCredentials(Boolean(account));
  const mode = modeFor(credentials, sessionOnly);
  const [resolvedPath, setResolvedPath] = useState(path);
  const [body, setBody] = useState(exampleBody ?? '');
  const [result, setResult] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [question, setQuestion] = useState<string | null>(null);
  // The tab's own token for this mode, minted on demand; a pasted key is used as it is.
  const minted: MintedKind | null =
    account && credentials.choice !== 'key' && (mode === 'session' || mode === 'test-key') ? mode : null;

  function ask() {
    const asked = moneyQuestion({ movesMoney, mode, body, livemode });
    if (asked) setQuestion(asked);
    else void send();
  }

  async function send() {
    setQuestion(null);
    setSending(true);
    try {
      const call = async () => {
        const headers: Record<string, string> = {};
        const token =
          minted && account ? await mintedToken(minted, account.id) : mode === 'none' ? '' : credentials.key;
        if (token) headers.authorization = `Bearer ${token}`;
        if (exampleBody !== null) headers['content-type'] = 'application/json';
        return fetch(resolvedPath, { method, headers, body: exampleBody !== null ? body : undefined });
      };
      let response = await call();
      // The tab's token was revoked or expired (signed out everywhere, say): make a new one once.
      if (response.status === 401 && minted) {
        forgetMintedToken(minted);
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

  const modeText =
    credentials.choice === 'key'
      ? credentials.key
        ? `${describeMode(mode, livemode)} · ${credentials.key.slice(0, 12)}…`
        : 'an API key (none entered above)'
      : describeMode(mode, livemode);
  return (
    <details className="min-w-0 text-sm">
      <summary className="cursor-pointer text-stone-700">Try it</summary>
      <div className="mt-2 space-y-2">
        <input
          aria-label="Path"
          value={resolvedPath}
          onChange={(event) => setResolvedPath(event.target.value)}
          readOnly={question !== null}
          className={input}
        />
        {exampleBody !== null && (
          <textarea
            aria-label="JSON body"
            value={body}
            onChange={(event) => setBody(event.target.value)}
            // What the question priced is what gets sent.
            readOnly={question !== null}
            rows={Math.min(14, Math.max(4, body.split('\n').length + 1))}
            className={input}
          />
        )}
        {question ? (
          <div
            role="alertdialog"
            aria-label="Confirm the request"
            data-testid="try-it-confirm"
            className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3"
          >
            <p>{question}</p>
            <p className="text-xs text-stone-600">Mode: {modeText}</p>
            <div className="flex flex-wrap items-center gap-2">
              <Button compact variant="destructive" onClick={send}>
                Yes, send {method}
              </Button>
              <Button compact variant="secondary" onClick={() => setQuestion(null)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Button compact onClick={ask} disabled={sending}>
              {sending ? 'Sending…' : `Send ${method}`}
            </Button>
            <span className="text-xs text-stone-500" data-testid="try-it-mode">
              Mode: {modeText}
            </span>
          </div>
        )}
        {result && (
          <pre data-testid="try-it-result" className="overflow-x-auto rounded bg-stone-100 p-3 text-xs">
            {result}
          </pre>
        )}
      </div>
    </details>
  );
}
