'use client';

import { useEffect, useState } from 'react';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Notice } from '../ui/notice';
import { PUSH_SUBSCRIPTIONS_PATH, pushRefusal, VAPID_KEY_PATH, vapidKeyBytes } from './push-key';

type Outcome = { tone: 'success' | 'error' | 'info'; text: string };

/**
 * "Enable notifications on this device": asks the browser's permission, subscribes with the server's VAPID key and
 * stores the subscription (the push routes of issue 40). Says why when any step does not happen.
 */
export function EnablePushButton() {
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  useEffect(() => {
    setSupported('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window);
  }, []);

  async function enable() {
    setBusy(true);
    setOutcome(await subscribe().catch(() => ({ tone: 'error' as const, text: 'No connection: try again online.' })));
    setBusy(false);
  }

  if (!supported) return null;
  return (
    <Card
      title="Notifications on this device"
      description="New messages and offers, as they come."
      testId="push-enable"
    >
      <Button variant="secondary" onClick={enable} disabled={busy}>
        {busy ? 'Turning on…' : 'Enable notifications on this device'}
      </Button>
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
    </Card>
  );
}

async function subscribe(): Promise<Outcome> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    return { tone: 'info', text: 'Notifications are blocked for this site: allow them in the browser’s settings.' };
  }
  const keyAnswer = await fetch(VAPID_KEY_PATH);
  if (!keyAnswer.ok) return { tone: 'error', text: pushRefusal(keyAnswer.status) };
  const body = (await keyAnswer.json()) as { data?: { publicKey?: string }; publicKey?: string };
  const publicKey = body.data?.publicKey ?? body.publicKey;
  if (!publicKey) return { tone: 'error', text: pushRefusal(keyAnswer.status) };
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(publicKey),
    }));
  const stored = await fetch(PUSH_SUBSCRIPTIONS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(subscription.toJSON()),
  });
  if (!stored.ok) return { tone: 'error', text: pushRefusal(stored.status) };
  return { tone: 'success', text: 'Notifications are on for this device.' };
}
