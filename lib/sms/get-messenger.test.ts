import { describe, expect, it } from 'vitest';
import { withEnv } from '@/test/env';
import { getMessenger } from './get-messenger';

const KEY = 'KEY0123456789ABCDEF_test';
const FROM = '+15550001111';

describe('getMessenger', () => {
  it('is Telnyx only when both TELNYX_API_KEY and TELNYX_FROM_NUMBER are set', async () => {
    const pick = (vars: Record<string, string | undefined>) => withEnv(vars, async () => getMessenger().name);
    expect(await pick({ TELNYX_API_KEY: KEY, TELNYX_FROM_NUMBER: FROM })).toBe('telnyx');
    expect(await pick({ TELNYX_API_KEY: KEY, TELNYX_FROM_NUMBER: undefined })).toBe('outbox');
    expect(await pick({ TELNYX_API_KEY: undefined, TELNYX_FROM_NUMBER: FROM })).toBe('outbox');
    expect(await pick({ TELNYX_API_KEY: '', TELNYX_FROM_NUMBER: FROM })).toBe('outbox');
    expect(await pick({ TELNYX_API_KEY: undefined, TELNYX_FROM_NUMBER: undefined })).toBe('outbox');
  });

  it('refuses a sending number that is not E.164', async () => {
    await withEnv({ TELNYX_API_KEY: KEY, TELNYX_FROM_NUMBER: '0301234567' }, async () => {
      expect(() => getMessenger()).toThrow(/TELNYX_FROM_NUMBER: must be an E.164 number/);
    });
  });

  it('the outbox sends nothing and has no provider id', async () => {
    await withEnv({ TELNYX_API_KEY: undefined, TELNYX_FROM_NUMBER: undefined }, async () => {
      expect(await getMessenger().send({ to: FROM, body: 'Hi', outboxId: 'row' })).toEqual({ providerId: null });
    });
  });
});
