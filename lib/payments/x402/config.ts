import { env } from '@/lib/env';

// The networks we take x402 payments on, and the USDC contract of each. The EIP-712 domain name must match
// the token's own domain separator: "USDC" on Base Sepolia but "USD Coin" on Base (a classic interop bug).
export const X402_NETWORKS = {
  'base-sepolia': {
    caip2: 'eip155:84532',
    chainId: 84532,
    usdc: { address: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', name: 'USDC', version: '2' },
  },
  base: {
    caip2: 'eip155:8453',
    chainId: 8453,
    usdc: { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', name: 'USD Coin', version: '2' },
  },
} as const;

export type X402Network = keyof typeof X402_NETWORKS;
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
