import { describe, expect, it } from 'vitest';
import { type InstallContext, installOffer, isIosSafari } from './install-offer';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

const context = (change: Partial<InstallContext> = {}): InstallContext => ({
  answered: null,
  standalone: false,
  canPrompt: false,
  userAgent: ANDROID_CHROME,
  touchPoints: 5,
  ...change,
});

describe('installOffer', () => {
  it('offers the browser’s dialog once it fired beforeinstallprompt, and nothing before', () => {
    expect(installOffer(context({ canPrompt: true }))).toBe('prompt');
    expect(installOffer(context())).toBeNull();
  });

  it('gives iOS Safari (and iPadOS asking for the desktop site) the Add to Home Screen hint', () => {
    expect(installOffer(context({ userAgent: IPHONE_SAFARI }))).toBe('ios-hint');
    expect(installOffer(context({ userAgent: IPAD_DESKTOP, touchPoints: 5 }))).toBe('ios-hint');
    expect(isIosSafari(IPAD_DESKTOP, 0)).toBe(false); // a Mac
    expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false); // cannot add to the home screen
  });

  it('never offers again once dismissed or installed, nor inside the installed app', () => {
    expect(installOffer(context({ canPrompt: true, answered: 'dismissed' }))).toBeNull();
    expect(installOffer(context({ userAgent: IPHONE_SAFARI, answered: 'installed' }))).toBeNull();
    expect(installOffer(context({ canPrompt: true, standalone: true }))).toBeNull();
  });
});
