import { describe, expect, it } from 'vitest';
import { flushUsageLog } from '@/lib/api/usage-log';
import { insertUsage, operatorWithAgent } from '@/test/usage';
import { connectForEachTest } from './testing/connect';

// get_usage through a real MCP client and the real GET /v1/operators/me/usage/logs: the agent's own key only.

const connect = connectForEachTest();
const UNKNOWN_TASK = '00000000-0000-4000-8000-000000000000';

describe('get_usage', () => {
  it('shows the agent its own recent errors, none of its siblings’ or its operator’s', async () => {
    const op = await operatorWithAgent('mcp-usage');
    const sibling = await operatorWithAgent('other');
    await insertUsage([
      { keyId: op.ownKeyId, userId: op.userId, route: '/operator', status: 404 },
      { keyId: sibling.agent.keyId, userId: sibling.agent.id, route: '/stranger', status: 404 },
    ]);
    const { call } = await connect(op.agent.key);
    const missing = await call('get_task', { task_id: UNKNOWN_TASK });
    expect(missing.isError).toBe(true);
    await flushUsageLog();

    const errors = await call('get_usage', { status: '4xx' });
    expect(errors.isError, errors.text).toBeFalsy();
    expect(errors.structuredContent).toMatchObject({
      requests: [{ method: 'GET', route: '/v1/tasks/{id}', status: 404, keyId: op.agent.keyId, agentId: op.agent.id }],
      nextCursor: null,
      hasMore: false,
    });
    expect(errors.text).toContain('GET /v1/tasks/{id} → 404');
    const ok = await call('get_usage', { status: '2xx' });
    expect(ok.structuredContent.requests).toEqual([]);
  });

  it('passes refusals on: a bad range, and no key', async () => {
    const op = await operatorWithAgent('mcp-usage');
    const { call } = await connect(op.agent.key);
    const refused = await call('get_usage', { from: '2026-01-10T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent.error?.code).toBe('VALIDATION_ERROR');
    const keyless = await connect();
    const noKey = await keyless.call('get_usage', {});
    expect(noKey.isError).toBe(true);
    expect(noKey.structuredContent.error?.code).toBe('UNAUTHORIZED');
  });
});
