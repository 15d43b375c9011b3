import { randomInt } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { getDatabase } from '@/db/client';
import { encodeCursor } from '@/db/cursor';
import { type IntakeConversation, intakeConversations, intakeMessages, smsOptOuts, smsOutbox } from '@/db/schema';
import { resetEnvCache } from '@/lib/env';
import { signUpViaApi } from './sessions';

// Helpers for the SMS concierge (intake): conversations inserted as the inbound webhook would leave them, and an
// admin for the whole file.

/** A fresh US number in E.164, unlikely to meet another test's. */
export const uniquePhone = () => `+1415${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

export type ConversationOptions = {
  phone?: string;
  status?: IntakeConversation['status'];
  /** When the latest message came (default now). */
  lastMessageAt?: Date;
  /** Inbound texts, oldest first, one second apart and ending at `lastMessageAt`; all unread. */
  inbound?: string[];
};

/** Inserts a conversation and its inbound messages directly (the inbound webhook is not needed for these tests). */
export async function insertConversation(options: ConversationOptions = {}) {
  const { db } = await getDatabase();
  const inbound = options.inbound ?? ['Need someone to pick up a parcel by 5 pm'];
  const last = options.lastMessageAt ?? new Date();
  const [conversation] = await db
    .insert(intakeConversations)
    .values({
      phone: options.phone ?? uniquePhone(),
      status: options.status ?? 'open',
      lastMessageAt: last,
      messageCount: inbound.length,
      unreadCount: inbound.length,
    })
    .returning();
  if (!conversation) throw new Error('conversation insert returned no row');
  for (const [index, body] of inbound.entries()) {
    await db.insert(intakeMessages).values({
      conversationId: conversation.id,
      direction: 'inbound',
      body,
      providerMessageId: `test-${conversation.id}-${index}`,
      createdAt: new Date(last.getTime() - (inbound.length - 1 - index) * 1000),
    });
  }
  return conversation;
}

/** A time far in the future, different for each call, so a list read from just after it shows only this test's rows. */
export function privateTimeline() {
  const base = new Date(Date.UTC(3000 + randomInt(0, 5000), randomInt(0, 12), 1, 0, 0, randomInt(0, 60)));
  const at = (seconds: number) => new Date(base.getTime() + seconds * 1000);
  /** A cursor that starts a list just after `at(seconds)`. */
  const cursorAfter = (seconds: number) =>
    encodeCursor({
      cursorAt: at(seconds).toISOString().replace('Z', '000Z'),
      id: 'ffffffff-ffff-4fff-bfff-ffffffffffff',
    });
  return { at, cursorAfter };
}

export async function conversationRow(id: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(intakeConversations).where(eq(intakeConversations.id, id));
  if (!row) throw new Error('no such conversation');
  return row;
}

export async function messageRows(conversationId: string) {
  const { db } = await getDatabase();
  return db
    .select()
    .from(intakeMessages)
    .where(eq(intakeMessages.conversationId, conversationId))
    .orderBy(asc(intakeMessages.createdAt));
}

export async function outboxRows(phone: string) {
  const { db } = await getDatabase();
  return db.select().from(smsOutbox).where(eq(smsOutbox.to, phone)).orderBy(asc(smsOutbox.createdAt));
}

/** The number texts STOP. */
export async function optOut(phone: string) {
  const { db } = await getDatabase();
  await db.insert(smsOptOuts).values({ phone });
}

/**
 * A verified admin for the whole file: ADMIN_EMAILS lists only their email during the file's tests. The fields are
 * filled before the first test.
 */
export function intakeAdminForFile() {
  const admin = { userId: '', email: '', token: '' };
  let previous: string | undefined;
  beforeAll(async () => {
    Object.assign(admin, await signUpViaApi('admin', { verified: true }));
    previous = process.env.ADMIN_EMAILS;
    process.env.ADMIN_EMAILS = admin.email;
    resetEnvCache();
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.ADMIN_EMAILS;
    else process.env.ADMIN_EMAILS = previous;
    resetEnvCache();
  });
  return admin;
}
