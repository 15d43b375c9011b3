import { env } from '@/lib/env';

/** MPP's `stripe` method: the Business Network profile SPTs must be granted to, and the challenge lifetime. */
export function mppConfig() {
  const settings = env();
  return {
    realm: new URL(settings.SITE_URL).host,
    networkId: settings.MPP_NETWORK_ID,
    challengeSeconds: 300,
  };
}
