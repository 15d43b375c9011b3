import { privateKeyToAccount } from 'viem/accounts';
import { type LegworkClientOptions, x402SignerFromAccount } from '../lib/client';

// The stdio server's settings, from its environment (an MCP client passes them in its server configuration).

const DEFAULT_X402_MAX_USDC = 25;

export type StdioConfig = Pick<LegworkClientOptions, 'baseUrl' | 'apiKey' | 'x402Signer'> & {
  /** What the startup log line says, without secrets. */
  summary: Record<string, unknown>;
};

/**
 * LEGWORK_BASE_URL (default http://localhost:3000), LEGWORK_API_KEY (optional), and optionally an x402 wallet:
 * LEGWORK_X402_PRIVATE_KEY (0x… hex) pays a task the operator's card cannot, at most LEGWORK_X402_MAX_USDC
 * (default 25) per task.
 */
export function configFromEnv(environment: Record<string, string | undefined>): StdioConfig {
  const baseUrl = (environment.LEGWORK_BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(baseUrl)) throw new Error(`LEGWORK_BASE_URL must be an http(s) URL, got ${baseUrl}`);
  const apiKey = environment.LEGWORK_API_KEY || undefined;
  const walletKey = environment.LEGWORK_X402_PRIVATE_KEY || undefined;
  const maxUsdc = Number(environment.LEGWORK_X402_MAX_USDC || DEFAULT_X402_MAX_USDC);
  if (!Number.isFinite(maxUsdc) || maxUsdc <= 0) {
    throw new Error('LEGWORK_X402_MAX_USDC must be a positive number of USDC');
  }
  if (walletKey && !/^0x[0-9a-fA-F]{64}$/.test(walletKey)) {
    throw new Error('LEGWORK_X402_PRIVATE_KEY must be a 0x-prefixed 32-byte hex private key');
  }
  const account = walletKey ? privateKeyToAccount(walletKey as `0x${string}`) : undefined;
  const x402Signer = account
    ? x402SignerFromAccount(account, { maxAmountAtomic: BigInt(Math.round(maxUsdc * 1_000_000)) })
    : undefined;
  return {
    baseUrl,
    apiKey,
    x402Signer,
    summary: {
      baseUrl,
      apiKey: apiKey ? `${apiKey.slice(0, 12)}…` : 'none',
      x402: account ? { payer: account.address, maxUsdcPerTask: maxUsdc } : 'off',
    },
  };
}
