// Whether the worker home offers installing the app, and how: once, never again after a dismissal or an install.

/** localStorage key: set when the worker dismissed the offer or installed the app. */
export const INSTALL_OFFER_KEY = 'legwork.install-offer';

export type InstallOffer = 'prompt' | 'ios-hint' | null;

export type InstallContext = {
  /** What localStorage holds under INSTALL_OFFER_KEY (null when never answered). */
  answered: string | null;
  /** Already running installed (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean;
  /** The browser fired `beforeinstallprompt`, so its own install dialog can be shown. */
  canPrompt: boolean;
  userAgent: string;
  /** navigator.maxTouchPoints: an iPad asks for the desktop site and says "Macintosh". */
  touchPoints: number;
};

/** Safari on iOS or iPadOS, the one browser there that can add to the home screen (no `beforeinstallprompt`). */
export function isIosSafari(userAgent: string, touchPoints: number): boolean {
  const apple = /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
  return apple && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

export function installOffer(context: InstallContext): InstallOffer {
  if (context.answered || context.standalone) return null;
  if (context.canPrompt) return 'prompt';
  return isIosSafari(context.userAgent, context.touchPoints) ? 'ios-hint' : null;
}
