import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';

// The stdio server's environment: defaults, and refusals that name the variable.

const WALLET = `0x${'11'.repeat(32)}`;

describe('configFromEnv', () => {
  it('defaults to the local app without a key or wallet', () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({ baseUrl: 'http://localhost:3000', apiKey: undefined, x402Signer: undefined });
    expect(config.summary).toEqual({ baseUrl: 'http://localhost:3000', apiKey: 'none', x402: 'off' });
  });

  it('takes the base URL without its trailing slash and never logs the whole key', () => {
    const config = configFromEnv({
      LEGWORK_BASE_URL: 'https://legwork.example/',
      LEGWORK_API_KEY: 'lgw_test_abcdefghijklmnop',
    });
    expect(config.baseUrl).toBe('https://legwork.example');
    expect(config.apiKey).toBe('lgw_test_abcdefghijklmnop');
    expect(config.summary.apiKey).toBe('lgw_test_abc…');
  });

  it('pays x402 from a wallet when one is configured, within a cap per task', async () => {
    const config = configFromEnv({ LEGWORK_X402_PRIVATE_KEY: WALLET, LEGWORK_X402_MAX_USDC: '10' });
    expect(config.x402Signer).toBeTypeOf('function');
    expect(config.summary.x402).toMatchObject({
      payer: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      maxUsdcPerTask: 10,
    });
    const dear = {
      scheme: 'exact',
      network: 'base-sepolia',
      maxAmountRequired: '11000000',
      payTo: `0x${'22'.repeat(20)}`,
      asset: `0x${'33'.repeat(20)}`,
      maxTimeoutSeconds: 60,
      extra: { name: 'USDC', version: '2' },
    };
    await expect(config.x402Signer?.({ x402Version: 1, accepts: [dear] })).rejects.toThrow(/above this signer's limit/);
  });

  it('refuses a malformed setting with a message naming it', () => {
    expect(() => configFromEnv({ LEGWORK_BASE_URL: 'legwork.example' })).toThrow(/LEGWORK_BASE_URL/);
    expect(() => configFromEnv({ LEGWORK_X402_PRIVATE_KEY: 'abc' })).toThrow(/LEGWORK_X402_PRIVATE_KEY/);
    expect(() => configFromEnv({ LEGWORK_X402_MAX_USDC: '-1' })).toThrow(/LEGWORK_X402_MAX_USDC/);
  });
});
