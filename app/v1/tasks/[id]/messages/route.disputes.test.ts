import { describe, expect, it } from 'vitest';
import { disputedTask } from '@/test/disputes';
import { intakeAdminForFile } from '@/test/intake';
import { listMessages, posted, postMessage } from '@/test/messages';
import { fundedPartiesForFile, taskInStatus } from '@/test/tasks';

const parties = fundedPartiesForFile();
const admin = intakeAdminForFile();

describe('a disputed task’s thread', () => {
  it('both sides keep writing; an admin reads the whole thread but cannot post', async () => {
    const { task } = await disputedTask(parties);
    await posted(parties.worker.token, task.id, 'I was there at nine.');
    await posted(parties.requester.token, task.id, 'The photos show number 14.');

    const read = await listMessages(admin.token, task.id);
    expect(read.status, read.text).toBe(200);
    expect(
      read.json.data.map((message: { body: string; senderSide: string }) => [message.senderSide, message.body]),
    ).toEqual([
      ['requester', 'The photos show number 14.'],
      ['worker', 'I was there at nine.'],
    ]);

    const post = await postMessage(admin.token, task.id, 'Admin here.');
    expect(post.status).toBe(404);
    expect((await listMessages(parties.worker.token, task.id)).json.data).toHaveLength(2);
  });

  it('is not an admin’s to read without a dispute', async () => {
    const task = await taskInStatus(parties, 'accepted');
    await posted(parties.worker.token, task.id, 'On my way.');
    const res = await listMessages(admin.token, task.id);
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('NOT_FOUND');
  });
});
