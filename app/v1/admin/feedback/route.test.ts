import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { feedback } from '@/db/schema';
import { createAgentViaApi } from '@/test/agents';
import { envelope } from '@/test/expect';
import { call } from '@/test/http';
import { intakeAdminForFile, privateTimeline } from '@/test/intake';
import { signUpViaApi } from '@/test/sessions';
import { GET } from './route';

const admin = intakeAdminForFile();

const listFeedback = (token: string, query: Record<string, string> = {}) =>
  call(GET, '/v1/admin/feedback', { token, query });

describe('GET /v1/admin/feedback', () => {
  it('lists feedback newest first with who sent it, by kind, page by page', async () => {
    const person = await signUpViaApi('person');
    const agent = await createAgentViaApi(admin.token, { name: 'Scout' });
    const { at, cursorAfter } = privateTimeline();
    const { db } = await getDatabase();
    const rows = await db
      .insert(feedback)
      .values([
        { userId: person.userId, kind: 'bug', message: 'Oldest bug', rating: 1, createdAt: at(0) },
        { userId: agent.id, apiKeyId: agent.keyId, kind: 'idea', message: 'An idea', createdAt: at(1) },
        { userId: person.userId, kind: 'bug', message: 'Newest bug', createdAt: at(2) },
      ])
      .returning();
    const [oldest, idea, newest] = rows;

    const all = await listFeedback(admin.token, { cursor: cursorAfter(2), limit: '3' });
    expect(all.status, all.text).toBe(200);
    expect(all.json.data.map((row: { message: string }) => row.message).slice(0, 3)).toEqual([
      'Newest bug',
      'An idea',
      'Oldest bug',
    ]);
    expect(all.json.data[1]).toEqual({
      id: idea?.id,
      kind: 'idea',
      message: 'An idea',
      rating: null,
      taskId: null,
      from: { userId: agent.id, email: null, name: 'Scout', type: 'agent', apiKeyId: agent.keyId },
      createdAt: at(1).toISOString(),
    });
    expect(all.json.data[2]).toMatchObject({
      id: oldest?.id,
      rating: 1,
      from: { userId: person.userId, email: person.email, name: null, type: 'human', apiKeyId: null },
    });

    const first = await listFeedback(admin.token, { kind: 'bug', cursor: cursorAfter(2), limit: '1' });
    expect(first.status, first.text).toBe(200);
    expect(first.json.data.map((row: { id: string }) => row.id)).toEqual([newest?.id]);
    expect(first.json.hasMore).toBe(true);
    const second = await listFeedback(admin.token, { kind: 'bug', cursor: first.json.nextCursor, limit: '1' });
    expect(second.json.data.map((row: { id: string }) => row.id)).toEqual([oldest?.id]);
  });

  it('refuses an unknown kind with 400', async () => {
    const res = await listFeedback(admin.token, { kind: 'rant' });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    expect(res.json.error.issues.map((issue: { path: string[] }) => issue.path)).toEqual([['kind']]);
  });

  it('is 403 for a signed-in non-admin and for an API key, even an admin’s agent’s', async () => {
    const user = await signUpViaApi('not-admin');
    expect(await listFeedback(user.token)).toMatchObject({
      status: 403,
      json: envelope('FORBIDDEN', {
        message: 'Only admins can read feedback',
        hint: 'Sign in as a user whose verified email is listed in ADMIN_EMAILS.',
      }),
    });
    const agent = await createAgentViaApi(admin.token);
    const byKey = await listFeedback(agent.key);
    expect(byKey.status).toBe(403);
    expect(byKey.json.error.code).toBe('FORBIDDEN');
  });
});
