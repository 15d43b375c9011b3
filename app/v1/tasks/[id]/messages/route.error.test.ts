import { describe, expect, it } from 'vitest';
import { envelope, validationEnvelope } from '@/test/expect';
import { listMessages, postMessage, thread } from '@/test/messages';

const NOT_OPEN = envelope('THREAD_NOT_OPEN', {
  message: 'The message thread opens when a worker accepts the task',
  hint: 'Wait for the task to be accepted (GET /v1/tasks/{id} shows `status`), then post again.',
});
const readOnly = (status: string) =>
  envelope('THREAD_READ_ONLY', {
    message: `The message thread is read-only: the task is ${status}`,
    hint: 'No new messages can be posted once a task has ended; GET /v1/tasks/{id}/messages still reads them.',
  });

describe('POST /v1/tasks/{id}/messages: 400 and 409', () => {
  it.each([
    ['an empty body', { body: '' }, [{ path: ['body'], message: 'Must not be empty' }]],
    ['only spaces', { body: '  \n\t ' }, [{ path: ['body'], message: 'Must not be empty' }]],
    ['5,001 characters', { body: 'x'.repeat(5_001) }, [{ path: ['body'], message: 'Must be at most 5000 characters' }]],
    ['no body field', {}, [{ path: ['body'], message: 'Invalid input: expected string, received undefined' }]],
    ['a number', { body: 42 }, [{ path: ['body'], message: 'Invalid input: expected string, received number' }]],
    ['an unknown field', { body: 'hi', to: 'x' }, [{ path: [], message: 'Unrecognized key: "to"' }]],
  ])('%s → 400 VALIDATION_ERROR', async (_label, body, issues) => {
    const { parties, task } = await thread();
    const res = await postMessage(parties.worker.token, task.id, body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual(validationEnvelope(issues));
  });

  it.each(['draft', 'posted'] as const)('a %s task → 409 THREAD_NOT_OPEN', async (status) => {
    const { parties, task } = await thread(status);
    for (const token of [parties.agent.token, parties.operator.token]) {
      const res = await postMessage(token, task.id, 'Anyone there?');
      expect(res.status).toBe(409);
      expect(res.json).toEqual(NOT_OPEN);
    }
  });

  it.each(['completed', 'resolved'] as const)('a %s task → 409 THREAD_READ_ONLY for both sides', async (status) => {
    const { parties, task } = await thread(status);
    for (const token of [parties.agent.token, parties.operator.token, parties.worker.token]) {
      const res = await postMessage(token, task.id, 'One more thing');
      expect(res.status).toBe(409);
      expect(res.json).toEqual(readOnly(status));
    }
  });

  it.each(['cancelled', 'expired'] as const)('the %s task → 409 THREAD_READ_ONLY', async (status) => {
    const { parties, task } = await thread(status);
    const res = await postMessage(parties.agent.token, task.id, 'Hello?');
    expect(res.status).toBe(409);
    expect(res.json).toEqual(readOnly(status));
  });
});

describe('GET /v1/tasks/{id}/messages: 400', () => {
  it.each([
    ['limit 0', { limit: '0' }, 'limit'],
    ['limit 101', { limit: '101' }, 'limit'],
    ['a forged cursor', { cursor: 'bm90LWEtY3Vyc29y' }, 'cursor'],
  ])('%s → 400 VALIDATION_ERROR', async (_label, query, field) => {
    const { parties, task } = await thread();
    const res = await listMessages(parties.worker.token, task.id, query);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    expect(res.json.error.issues.map((issue: { path: string[] }) => issue.path)).toEqual([[field]]);
  });
});
