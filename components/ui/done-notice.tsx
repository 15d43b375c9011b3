import { Notice } from './notice';

/**
 * What the action just taken did, after it redirected back with `?done=<what>` (ConfirmAction: the confirmed
 * button is gone from the page by then). Only the page's own `messages` are shown, never text from the URL.
 */
export function DoneNotice<K extends string>({
  done,
  messages,
}: {
  done: string | undefined;
  messages: Record<K, string>;
}) {
  const message = done && Object.hasOwn(messages, done) ? messages[done as K] : undefined;
  return (
    <Notice tone="success" testId="done-notice">
      {message}
    </Notice>
  );
}
