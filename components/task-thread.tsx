'use client';

import { useEffect, useRef, useState } from 'react';
import { SEND_HINT, sendsMessage } from './keyboard';
import { LocalTime } from './local-time';
import { Button } from './ui/button';
import { TextAreaField } from './ui/field';
import { Notice } from './ui/notice';

export type ThreadMessage = {
  id: string;
  senderSide: 'requester' | 'worker';
  body: string;
  createdAt: string;
};

/** The names the thread shows for its two sides (app/dashboard/tasks/load-task-people.ts). */
export type ThreadNames = { requester: string; worker: string | null };

/** Posts `body` to the task's thread as the signed-in human: a server action, passed in by the page. */
export type PostMessage = (taskId: string, body: string) => Promise<{ message?: ThreadMessage; error?: string }>;

const LONG_POLL_SECONDS = 25;
const RETRY_MS = 2_000;

/**
 * A task's message thread with live updates: it long-polls the other side's new messages (through the
 * session-authenticated twin of GET /v1/tasks/{id}/messages/await) and posts through a server action.
 * `initial` is oldest first; `mySide` decides which messages are "you". Staff reading a disputed task's thread
 * pass no `mySide` and no `postMessage`: both sides' messages, read-only, with `readOnlyNote` under them.
 */
export function TaskThread({
  taskId,
  mySide,
  initial,
  writable,
  live,
  postMessage,
  names,
  readOnlyNote = 'The thread is read-only.',
}: {
  taskId: string;
  mySide?: 'requester' | 'worker';
  initial: ThreadMessage[];
  writable: boolean;
  live: boolean;
  postMessage?: PostMessage;
  /** Who each side is; without it, "Requester" and "Worker". */
  names?: ThreadNames;
  readOnlyNote?: string;
}) {
  const [messages, setMessages] = useState(initial);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  // The wait resumes after the newest message it has seen from the other side (or the newest at load time):
  // our own posts do not move it, so nothing the other side sent meanwhile is skipped.
  const since = useRef(initial.at(-1)?.id);

  useEffect(() => {
    if (!live) return;
    const controller = new AbortController();
    let stopped = false;
    (async () => {
      while (!stopped) {
        try {
          const query = new URLSearchParams({ timeoutSec: String(LONG_POLL_SECONDS) });
          if (since.current) query.set('sinceMessageId', since.current);
          const res = await fetch(`/dashboard/tasks/${taskId}/messages/await?${query}`, {
            signal: controller.signal,
            cache: 'no-store',
          });
          if (res.status === 409 || res.status === 404 || res.status === 401) return;
          if (res.status === 429) {
            // Too many polls (this user's other tabs included): come back when the server says.
            const seconds = Number(res.headers.get('retry-after'));
            await new Promise((resolve) => setTimeout(resolve, seconds > 0 ? seconds * 1000 : RETRY_MS));
            continue;
          }
          if (!res.ok) throw new Error(`await answered ${res.status}`);
          const { data } = (await res.json()) as { data: ThreadMessage[] };
          const last = data.at(-1);
          if (last) {
            since.current = last.id;
            setMessages((current) => merge(current, data));
          }
        } catch {
          if (controller.signal.aborted) return;
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    })();
    return () => {
      stopped = true;
      controller.abort();
    };
  }, [taskId, live]);

  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!postMessage) return;
    setPending(true);
    setError(undefined);
    try {
      const result = await postMessage(taskId, draft);
      if (result.error) setError(result.error);
      if (result.message) {
        const posted = result.message;
        setMessages((current) => merge(current, [posted]));
        setDraft('');
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-3">
      {messages.length === 0 ? (
        <p className="text-sm text-stone-600">No messages yet.</p>
      ) : (
        <ol className="space-y-2" data-testid="thread">
          {messages.map((message) => {
            const mine = message.senderSide === mySide;
            return (
              <li
                key={message.id}
                data-testid="thread-message"
                className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${mine ? 'ml-auto bg-stone-900 text-white' : 'bg-stone-100'}`}
              >
                <p className="whitespace-pre-wrap break-words">{message.body}</p>
                <p className={`mt-1 text-xs ${mine ? 'text-stone-300' : 'text-stone-500'}`}>
                  <span data-testid="thread-sender" className="font-medium">
                    {senderName(message.senderSide, names)}
                  </span>
                  {mine && ' (you)'} · <LocalTime value={message.createdAt} />
                </p>
              </li>
            );
          })}
        </ol>
      )}
      {writable && postMessage ? (
        <form onSubmit={send} className="space-y-2">
          <TextAreaField
            label="Message"
            name="body"
            required
            maxLength={5_000}
            rows={2}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              const { key, shiftKey, nativeEvent } = event;
              if (!sendsMessage({ key, shiftKey, isComposing: nativeEvent.isComposing })) return;
              event.preventDefault();
              if (!pending && draft.trim() !== '') event.currentTarget.form?.requestSubmit();
            }}
            hint={SEND_HINT}
          />
          <Button type="submit" disabled={pending || draft.trim() === ''}>
            Send
          </Button>
          <Notice tone="error">{error}</Notice>
        </form>
      ) : (
        <p className="text-sm text-stone-500">{readOnlyNote}</p>
      )}
    </div>
  );
}

function senderName(side: ThreadMessage['senderSide'], names: ThreadNames | undefined): string {
  if (side === 'requester') return names?.requester ?? 'Requester';
  return names?.worker ?? 'Worker';
}

/** Appends what is new, in thread order. */
function merge(current: ThreadMessage[], incoming: ThreadMessage[]): ThreadMessage[] {
  const known = new Set(current.map((message) => message.id));
  const fresh = incoming.filter((message) => !known.has(message.id));
  if (fresh.length === 0) return current;
  return [...current, ...fresh].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
