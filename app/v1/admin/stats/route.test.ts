import { describe, expect, it } from 'vitest';
import { adminForFile } from '@/test/admin';
import { call, uniqueIp } from '@/test/http';
import { withoutStripe } from '@/test/payments';
import { GET as stats } from './route';

withoutStripe();
const admin = adminForFile();

describe('GET /v1/admin/stats', () => {
  it('answers every figure, every task status, and a live ledger check that holds', async () => {
    const res = await call(stats, '/v1/admin/stats', { token: admin.token, ip: uniqueIp() });
    expect(res.status, res.text).toBe(200);
    const count = expect.any(Number);
    expect(res.json.data).toEqual({
      livemode: false,
      users: count,
      people: count,
      agents: count,
      listedWorkers: count,
      tasksByStatus: {
        draft: count,
        posted: count,
        accepted: count,
        submitted: count,
        disputed: count,
        completed: count,
        cancelled: count,
        expired: count,
        resolved: count,
      },
      gmvCents30d: count,
      feesCents30d: count,
      openDisputes: count,
      openIntake: count,
      failingWebhookEndpoints: count,
      ledger: { balanced: true, checkedAt: expect.any(String) },
    });
    // The admin signed up for this file.
    expect(res.json.data.users).toBeGreaterThanOrEqual(1);
    expect(res.json.data.people + res.json.data.agents).toBe(res.json.data.users);
    expect(Date.now() - Date.parse(res.json.data.ledger.checkedAt)).toBeLessThan(60_000);
  });
});
