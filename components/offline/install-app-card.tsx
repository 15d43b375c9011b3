'use client';

import { useEffect, useState } from 'react';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { INSTALL_OFFER_KEY, type InstallOffer, installOffer } from './install-offer';

/** Chromium's install event (not in TypeScript's DOM types). */
type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };

/**
 * The worker home's one offer to install the app: the browser's own dialog where it has one, the Share → Add to
 * Home Screen hint on iOS Safari. Dismissed or installed, it never shows again on this device.
 */
export function InstallAppCard() {
  const [offer, setOffer] = useState<InstallOffer>(null);
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);

  useEffect(() => {
    const context = () => ({
      answered: readAnswer(),
      standalone:
        window.matchMedia('(display-mode: standalone)').matches ||
        (navigator as Navigator & { standalone?: boolean }).standalone === true,
      userAgent: navigator.userAgent,
      touchPoints: navigator.maxTouchPoints ?? 0,
    });
    setOffer(installOffer({ ...context(), canPrompt: false }));
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
      setOffer(installOffer({ ...context(), canPrompt: true }));
    };
    const onInstalled = () => setOffer(remember('installed'));
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const answer = (value: 'dismissed' | 'installed') => setOffer(remember(value));

  async function install() {
    if (!prompt) return;
    await prompt.prompt();
    const choice = await prompt.userChoice.catch(() => ({ outcome: 'dismissed' }));
    answer(choice.outcome === 'accepted' ? 'installed' : 'dismissed');
  }

  if (!offer) return null;
  return (
    <Card
      title="Install Legwork on this phone"
      testId="install-card"
      aside={
        <Button variant="link" className="text-sm text-stone-600" onClick={() => answer('dismissed')}>
          No thanks
        </Button>
      }
    >
      {offer === 'prompt' ? (
        <>
          <p className="text-sm text-stone-600">
            Open your tasks from the home screen, see them without a connection, and take proof offline.
          </p>
          <Button onClick={install}>Install the app</Button>
        </>
      ) : (
        <p className="text-sm text-stone-600" data-testid="install-ios-hint">
          Tap Share, then <strong>Add to Home Screen</strong>: your tasks open from there, even without a connection.
        </p>
      )}
    </Card>
  );
}

/** Keeps the worker's answer for good; the offer goes away (for this visit at least, when storage is refused). */
function remember(value: 'dismissed' | 'installed'): null {
  try {
    localStorage.setItem(INSTALL_OFFER_KEY, value);
  } catch {
    // A private window may refuse storage.
  }
  return null;
}

function readAnswer(): string | null {
  try {
    return localStorage.getItem(INSTALL_OFFER_KEY);
  } catch {
    return null;
  }
}
