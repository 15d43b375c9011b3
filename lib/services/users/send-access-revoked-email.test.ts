import { describe, expect, it } from 'vitest';
import { describeRevokedAccess } from './send-access-revoked-email';

const none = { sessions: 0, apiKeys: 0, claimCodes: 0, webhookEndpoints: 0 };

describe('describeRevokedAccess()', () => {
  it('says nothing (no email) when nothing was removed', () => {
    expect(describeRevokedAccess(none, 'email_verified')).toBeNull();
    expect(describeRevokedAccess(none, 'password_reset')).toBeNull();
  });

  it('counts exactly, with the right plurals', () => {
    expect(describeRevokedAccess({ ...none, apiKeys: 3, webhookEndpoints: 1 }, 'email_verified')?.[0]).toBe(
      '3 API keys and 1 webhook endpoint created before you verified this address were revoked.',
    );
    expect(describeRevokedAccess({ ...none, apiKeys: 1 }, 'email_verified')?.[0]).toBe(
      '1 API key created before you verified this address was revoked.',
    );
    expect(
      describeRevokedAccess({ sessions: 2, apiKeys: 1, claimCodes: 2, webhookEndpoints: 3 }, 'password_reset')?.slice(
        0,
        2,
      ),
    ).toEqual([
      'Your password was reset, so 1 API key, 2 claim codes and 3 webhook endpoints of your account were revoked.',
      '2 sessions were signed out.',
    ]);
    expect(describeRevokedAccess({ ...none, sessions: 1 }, 'password_reset')?.[0]).toBe(
      'Your password was reset, so 1 session was signed out.',
    );
  });
});
