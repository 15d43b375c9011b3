import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { NOTIFICATION_KINDS, users } from '@/db/schema';
import { optOut, uniquePhone } from '@/test/intake';
import { posted, thread } from '@/test/messages';
import { emailRowsFor, notificationsOf, setPreferences, textsTo, verifyPhone } from '@/test/notifications';
import { signUpViaApi } from '@/test/sessions';
import { DEFAULT_PREFERENCES } from './notification-preferences';
import { notify } from './notify';

// Where a notification goes after the person's switches: the in-app row always; an email row unless email is off
// for the kind; a text when SMS is on, the phone verified and the number has not sent STOP. Both ways a
// notification is written: notify() (every task event) and the thread's one statement (messages).

async function notifyOnce(userId: string, kind: (typeof NOTIFICATION_KINDS)[number], dedupeKey = randomUUID()) {
  const { db } = await getDatabase();
  return db.transaction((tx) => notify(tx, { userId, kind, title: `About ${kind}`, body: 'Body', dedupeKey }));
}

describe('notify(): every kind follows its switches', () => {
  it.each(NOTIFICATION_KINDS.map((kind) => [kind] as const))('%s', async (kind) => {
    const phone = uniquePhone();
    const person = await signUpViaApi('notified');
    await verifyPhone(person.userId, phone);

    const byDefault = await notifyOnce(person.userId, kind);
    expect(await emailRowsFor([byDefault?.id ?? ''])).toHaveLength(DEFAULT_PREFERENCES.email[kind] ? 1 : 0);
    expect(await textsTo(phone)).toHaveLength(DEFAULT_PREFERENCES.sms[kind] ? 1 : 0);

    await setPreferences(person.userId, { email: { [kind]: false }, sms: { [kind]: true } });
    const switched = await notifyOnce(person.userId, kind);
    expect(switched).not.toBeNull();
    expect(await emailRowsFor([switched?.id ?? ''])).toEqual([]);
    const texts = await textsTo(phone);
    expect(texts.at(-1)?.body).toBe(`Legwork: About ${kind}.`);

    await optOut(phone);
    const afterStop = await notifyOnce(person.userId, kind);
    expect(afterStop).not.toBeNull();
    expect(await textsTo(phone)).toHaveLength(texts.length);
    expect(await notificationsOf(person.userId)).toHaveLength(3);
  });

  it('the same cause notifies once; an unverified phone gets no text', async () => {
    const phone = uniquePhone();
    const person = await signUpViaApi('notified');
    const { db } = await getDatabase();
    await verifyPhone(person.userId, phone);
    await db.update(users).set({ phoneVerifiedAt: null }).where(eq(users.id, person.userId));
    const key = randomUUID();
    const first = await notifyOnce(person.userId, 'message', key);
    expect(await notifyOnce(person.userId, 'message', key)).toBeNull();
    expect(await notificationsOf(person.userId)).toHaveLength(1);
    expect(await emailRowsFor([first?.id ?? ''])).toHaveLength(1);
    expect(await textsTo(phone)).toEqual([]);
  });
});

describe('a thread message follows the recipient’s switches', () => {
  it('each message by email and text when chosen; email off: no email; STOP: no text; never to the sender', async () => {
    const { parties, task } = await thread();
    const phone = uniquePhone();
    await verifyPhone(parties.worker.id, phone);
    await setPreferences(parties.worker.id, { messageDelivery: { email: 'each', sms: 'each' } });

    await posted(parties.agent.token, task.id, 'Please take two photos.');
    const [first] = await notificationsOf(parties.worker.id);
    expect(first).toMatchObject({
      kind: 'message',
      body: 'Please take two photos.',
      dedupeKey: expect.stringMatching(/^message:/),
    });
    expect(await emailRowsFor([first?.id ?? ''])).toHaveLength(1);
    expect(await textsTo(phone)).toEqual([
      expect.objectContaining({
        body: `Legwork: Scout wrote about “Photograph the storefront”. http://localhost:3000/worker/tasks/${task.id}`,
        status: 'queued',
      }),
    ]);

    await setPreferences(parties.worker.id, { email: { message: false }, messageDelivery: { sms: 'each' } });
    await posted(parties.agent.token, task.id, 'x'.repeat(400));
    const second = (await notificationsOf(parties.worker.id)).at(-1);
    expect(second?.body).toBe(`${'x'.repeat(279)}…`);
    expect(await emailRowsFor([second?.id ?? ''])).toEqual([]);
    expect(await textsTo(phone)).toHaveLength(2);

    await optOut(phone);
    await posted(parties.agent.token, task.id, 'Third.');
    expect(await notificationsOf(parties.worker.id)).toHaveLength(3);
    expect(await textsTo(phone)).toHaveLength(2);

    await posted(parties.worker.token, task.id, 'Done soon.');
    expect(await notificationsOf(parties.worker.id)).toHaveLength(3);
    expect((await notificationsOf(parties.operator.id)).map((row) => row.body)).toEqual(['Done soon.']);
  });
});
