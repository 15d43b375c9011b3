import { env } from '@/lib/env';
import { X402_NETWORKS, type X402Network } from './networks';

export { X402_NETWORKS, type X402Network };

export type X402Caip2Network = (typeof X402_NETWORKS)[X402Network]['caip2'];

/**
 * Where test-mode payments go when X402_PAY_TO is unset. Nobody holds a key for it, which is the point:
 * without a facilitator nothing moves on chain, the signature is only checked offline.
 */
export const X402_TEST_PAY_TO = '0x0000000000000000000000000000000000000402';

/** Seconds an authorization may stay open (the client signs validBefore = now + this). */
export const X402_MAX_TIMEOUT_SECONDS = 300;

export type X402Config = {
  network: X402Network;
  payTo: string;
  facilitatorUrl: string | undefined;
};

export function x402Config(): X402Config {
  const settings = env();
  return {
    network: settings.X402_NETWORK,
    payTo: settings.X402_PAY_TO ?? X402_TEST_PAY_TO,
    facilitatorUrl: settings.X402_FACILITATOR_URL?.replace(/\/+$/, ''),
  };
}

export function isX402Network(value: string): value is X402Network {
  return Object.hasOwn(X402_NETWORKS, value);
}

export function networkOfCaip2(value: string): X402Network | undefined {
  return (Object.keys(X402_NETWORKS) as X402Network[]).find((name) => X402_NETWORKS[name].caip2 === value);
}
