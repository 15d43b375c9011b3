import { describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { withEnv } from '@/test/env';
import { x402Availability } from './availability';

// Live x402 settles real USDC: a live Stripe key with a facilitator and test settings must not start at all.

const LIVE = { STRIPE_SECRET_KEY: 'sk_live_not_a_real_key', X402_FACILITATOR_URL: 'https://facilitator.example' };
const OURS = '0x1111111111111111111111111111111111111111';

const settings = (vars: Record<string, string | undefined>) => withEnv(vars, async () => env());

describe('live x402 settings', () => {
  it('refuse a live key with a facilitator on the default test network, naming X402_NETWORK', async () => {
    await expect(settings({ ...LIVE, X402_NETWORK: undefined, X402_PAY_TO: OURS })).rejects.toThrow(
      /X402_NETWORK: must be base when STRIPE_SECRET_KEY is live/,
    );
  });

  it.each([
    ['unset', undefined],
    ['the test-mode placeholder', '0x0000000000000000000000000000000000000402'],
    ['the zero address', '0x0000000000000000000000000000000000000000'],
  ])('refuse a live key with a facilitator and X402_PAY_TO %s, naming X402_PAY_TO', async (_, payTo) => {
    await expect(settings({ ...LIVE, X402_NETWORK: 'base', X402_PAY_TO: payTo })).rejects.toThrow(
      /X402_PAY_TO: must be your own receiving address/,
    );
  });

  it('accept Base mainnet and a real address; a restricted live key (rk_live_) counts as live', async () => {
    await expect(settings({ ...LIVE, X402_NETWORK: 'base', X402_PAY_TO: OURS })).resolves.toMatchObject({
      X402_NETWORK: 'base',
      X402_PAY_TO: OURS,
    });
    await expect(
      settings({ ...LIVE, STRIPE_SECRET_KEY: 'rk_live_x', X402_NETWORK: undefined, X402_PAY_TO: OURS }),
    ).rejects.toThrow(/X402_NETWORK/);
  });

  it('leave test keys and live keys without a facilitator alone; the latter turn x402 off in the health check', async () => {
    await expect(settings({ ...LIVE, STRIPE_SECRET_KEY: 'sk_test_x', X402_PAY_TO: undefined })).resolves.toBeTruthy();
    const off = await withEnv({ ...LIVE, X402_FACILITATOR_URL: undefined, X402_PAY_TO: undefined }, async () =>
      x402Availability(),
    );
    expect(off).toEqual({ enabled: false, detail: expect.stringContaining('X402_FACILITATOR_URL') });
    const on = await withEnv({ ...LIVE, X402_NETWORK: 'base', X402_PAY_TO: OURS }, async () => x402Availability());
    expect(on).toEqual({ enabled: true, detail: expect.stringContaining(OURS) });
  });
});
