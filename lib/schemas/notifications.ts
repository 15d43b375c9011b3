import { z } from 'zod';
import { pageQuery } from '@/db/cursor';
import { NOTIFICATION_KINDS, type NotificationKind } from '@/db/schema';
import { defineOperation } from '@/lib/schemas/operation';
import { timestamp } from './common';

// Notifications (DESIGN §5 "Notifications and reply-by-email"): what a person was told about their tasks, read or
// not, and their email and SMS switches per kind. People only: an agent's key is refused (403); agents hear by
// webhook, their operators here.

const PEOPLE_ONLY =
  'A session or the API key of a person; an agent’s key gets 403 (agents hear through webhooks, their operator here).';

export const notificationKindSchema = z
  .enum(NOTIFICATION_KINDS)
  .describe(
    '`task_accepted`, `message`, `task_submitted`, `revision_requested`, `task_completed`, `task_cancelled`, ' +
      '`task_expired`, `dispute_opened`, `dispute_resolved`, `payout_sent`, `new_task_nearby`, `agent_charge` (one of ' +
      'your agents charged your card), `task_series_paused` (a recurring task stopped: its card was refused), `tip_received` (a requester tipped you).',
  );

export const notificationSchema = z
  .object({
    id: z.uuid(),
    kind: notificationKindSchema,
    title: z.string().describe('One line, with names and amounts.'),
    body: z.string().describe('A sentence or two of plain text.'),
    taskId: z.uuid().nullable(),
    link: z.string().nullable().describe('The page it is about, as a path on this site (`/worker/tasks/<id>`).'),
    createdAt: timestamp,
    readAt: timestamp.nullable(),
    doneAt: timestamp
      .nullable()
      .describe(
        'When what it asked of you was done or can no longer be done (the proof reviewed, the revision sent, the ' +
          'task taken, the dispute resolved), by anyone; a done notification is also read. `null` for the rest.',
      ),
  })
  .meta({ id: 'Notification' });

const switches = <T extends z.ZodType>(value: T) =>
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, value])) as Record<NotificationKind, T>;

const messageChoice = z.enum(['each', 'batched', 'none']);
const messageDeliverySchema = z.object({ email: messageChoice, sms: messageChoice });

export const notificationPreferencesSchema = z
  .object({
    email: z.object(switches(z.boolean())).describe('Email per kind; all on by default.'),
    sms: z
      .object(switches(z.boolean()))
      .describe('SMS per kind, to a verified phone only; by default on for `message` and `new_task_nearby`.'),
    push: z
      .object(switches(z.boolean()))
      .describe(
        'Web push per kind, to every browser you subscribed (POST /v1/users/me/push-subscriptions); by default on ' +
          'for `message`, `new_task_nearby`, `task_accepted`, `task_submitted`, `revision_requested`, `task_offer`, ' +
          '`payout_sent` and `tip_received`.',
      ),
    agentChargeDigest: z
      .boolean()
      .describe(
        '`true`: the emails about card charges your agents made (`agent_charge`) come as one digest a day (UTC) ' +
          'listing them, instead of one per charge. Off by default.',
      ),
    messageDelivery: messageDeliverySchema.describe(
      'How thread messages reach each channel: `each` one email or text per message; `batched` (the default) one ' +
        `summary of the thread once you have left it unread for NOTIFY_UNREAD_AFTER_SECONDS (120 s by default); ` +
        '`none` the same as the channel’s `message` switch off. The first message of a thread and one about money ' +
        'always go at once.',
    ),
  })
  .meta({ id: 'NotificationPreferences' });

const partialSwitches = z.strictObject(switches(z.boolean().optional()));

export const listNotificationsOperation = defineOperation({
  method: 'GET',
  path: '/v1/notifications',
  operationId: 'listNotifications',
  summary: 'Your notifications, newest first',
  description: `\`unread=true\` lists only those not read yet. ${PEOPLE_ONLY}`,
  tags: ['Notifications'],
  auth: 'any',
  query: pageQuery.extend({
    unread: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true')
      .describe('`true`: only unread notifications.'),
  }),
  response: z.array(notificationSchema),
  listEnvelope: true,
  errors: ['FORBIDDEN'],
});

export const markNotificationsReadOperation = defineOperation({
  method: 'POST',
  path: '/v1/notifications/read',
  operationId: 'markNotificationsRead',
  summary: 'Mark notifications read',
  description:
    'Exactly one of `ids` (up to 100; ids that are not yours, or not notifications, are skipped) or `all: true`. ' +
    `Answers how many stay unread. ${PEOPLE_ONLY}`,
  tags: ['Notifications'],
  auth: 'any',
  body: z
    .strictObject({
      ids: z.array(z.uuid()).min(1).max(100).optional().describe('The notifications to mark read.'),
      all: z.literal(true).optional().describe('Mark every notification read.'),
    })
    .refine((value) => (value.ids === undefined) !== (value.all === undefined), {
      message: 'Send exactly one of `ids` or `all: true`',
    }),
  response: z.object({ unread: z.number().int().describe('Notifications still unread.') }),
  errors: ['FORBIDDEN'],
});

export const getNotificationPreferencesOperation = defineOperation({
  method: 'GET',
  path: '/v1/notifications/preferences',
  operationId: 'getNotificationPreferences',
  summary: 'Your email, SMS and push switches per kind',
  description: `Every kind is listed, the defaults filled in. ${PEOPLE_ONLY}`,
  tags: ['Notifications'],
  auth: 'any',
  response: notificationPreferencesSchema,
  errors: ['FORBIDDEN'],
});

export const updateNotificationPreferencesOperation = defineOperation({
  method: 'PUT',
  path: '/v1/notifications/preferences',
  operationId: 'updateNotificationPreferences',
  summary: 'Change some of your switches',
  description:
    'Partial maps: the kinds sent change, the rest keep their value. An unknown kind is a 400 `VALIDATION_ERROR`. ' +
    `Answers every switch. ${PEOPLE_ONLY}`,
  tags: ['Notifications'],
  auth: 'any',
  body: z.strictObject({
    email: partialSwitches.optional(),
    sms: partialSwitches.optional(),
    push: partialSwitches.optional(),
    agentChargeDigest: z.boolean().optional().describe('One digest email a day for your agents’ card charges.'),
    messageDelivery: z
      .strictObject({ email: messageChoice.optional(), sms: messageChoice.optional() })
      .optional()
      .describe('`each`, `batched` or `none` per channel, for thread messages.'),
  }),
  response: notificationPreferencesSchema,
  errors: ['FORBIDDEN'],
});

export const unsubscribeOperation = defineOperation({
  method: 'POST',
  path: '/v1/notifications/unsubscribe',
  operationId: 'unsubscribeFromNotificationEmails',
  summary: 'One-click unsubscribe from one kind of email (no sign-in)',
  description:
    'The `List-Unsubscribe` URL of every notification email (RFC 8058: mail clients POST ' +
    '`List-Unsubscribe=One-Click` to it; any body is ignored). The signed `token` names the person and the kind; ' +
    'their email switch for that kind turns off. Repeating it changes nothing. A tampered or unknown token is a 404 ' +
    '`EMAIL_LINK_NOT_FOUND` and changes nothing. People open the same token at `/unsubscribe?token=…`, which asks ' +
    'before it changes anything.',
  tags: ['Notifications'],
  auth: 'none',
  rateLimit: 'public',
  idempotent: false,
  query: z.object({ token: z.string().max(500).describe('The signed token from the email.') }),
  response: z.object({ kind: notificationKindSchema, email: z.literal(false) }),
  errors: ['EMAIL_LINK_NOT_FOUND'],
});
