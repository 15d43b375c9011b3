import type { Database } from '@/db/client';
import { env } from '@/lib/env';
import { messageModeSql } from './message-delivery';
import { MESSAGE_PREVIEW_CHARS } from './message-notification-sql';
import { DEFAULT_PREFERENCES } from './notification-preferences';

export type SendDueMessageDigestsOptions = {
  /** Digests per statement. */
  batchSize?: number;
  /** Tests share a database with other work: only these recipients' digests. */
  userIds?: string[];
  signal?: AbortSignal;
};

const DEFAULT_BATCH = 500;
/** A long thread's summary names its latest messages; the page has the rest. */
export const DIGEST_MAX_MESSAGES = 20;

// One statement per batch, so a digest is deleted exactly when its email and text are queued:
// - `claimed`: the due digests, deleted (SKIP LOCKED: instances split them);
// - `unread`: each one's messages its recipient has not read: from the other side (not the recipient, nor, for the
//   requester side, the requesting agent), in the current assignment, after the read cursor, since the digest began;
// - `summary`: one per recipient and thread, its latest DIGEST_MAX_MESSAGES as "sender, time: text" lines, and the
//   newest message's notification, which the email hangs off (its reply-by-email thread);
// - one notification_emails row with the summary as subject and text, one sms_outbox row, per channel batched.
// A digest whose messages were all read meanwhile has no summary and is simply gone.
const DIGESTS_SQL = `
  with claimed as (
    delete from message_digests d
    where (d.user_id, d.task_id) in (
      select user_id, task_id from message_digests
      where due_at <= now() and ($2::uuid[] is null or user_id = any($2::uuid[]))
      order by due_at limit $1 for update skip locked)
    returning d.user_id, d.task_id, d.first_unread_at
  ), unread as (
    select c.user_id, c.task_id, t.title, t.worker_id = c.user_id as is_worker, m.id, m.body, m.created_at,
      coalesce(nullif(btrim(wp.display_name), ''), nullif(btrim(s.name), ''),
        case when m.sender_id = t.worker_id then 'The worker' else 'The requester' end) as sender,
      row_number() over (partition by c.user_id, c.task_id order by m.created_at desc, m.id desc) as recency,
      count(*) over (partition by c.user_id, c.task_id) as total
    from claimed c
    join tasks t on t.id = c.task_id
    left join task_thread_reads tr on tr.task_id = c.task_id and tr.user_id = c.user_id
    left join task_messages rm on rm.id = tr.last_read_message_id
    join task_messages m on m.task_id = c.task_id and m.created_at >= c.first_unread_at
      and m.sender_id <> c.user_id and (t.worker_id = c.user_id or m.sender_id <> t.requester_id)
      and m.assignment_id is not distinct from
        (select a.id from task_assignments a where a.task_id = t.id and a.ended_at is null)
      and (rm.id is null or (m.created_at, m.id) > (rm.created_at, rm.id))
    join users s on s.id = m.sender_id
    left join worker_profiles wp on wp.user_id = s.id and s.id = t.worker_id
  ), summary as (
    select u.user_id, u.task_id,
      case when max(u.total) = 1 then '1 new message' else max(u.total) || ' new messages' end
        || ' about “' || max(u.title) || '”' as subject,
      case when max(u.total) > ${DIGEST_MAX_MESSAGES}
        then '(' || (max(u.total) - ${DIGEST_MAX_MESSAGES}) || ' earlier on the page)' || E'\\n\\n' else '' end
        || string_agg(u.sender || ', ' || to_char(u.created_at at time zone 'UTC', 'Mon FMDD HH24:MI') || ' UTC: '
          || case when length(u.body) > ${MESSAGE_PREVIEW_CHARS} then left(u.body, ${MESSAGE_PREVIEW_CHARS - 1}) || '…'
            else u.body end,
          E'\\n\\n' order by u.created_at, u.id) as text,
      case when bool_or(u.is_worker) then '/worker/tasks/' else '/dashboard/tasks/' end || u.task_id as link,
      (select n.id from notifications n where n.user_id = u.user_id
        and n.dedupe_key = 'message:' || (array_agg(u.id order by u.created_at desc, u.id desc))[1]::text)
        as notification_id
    from unread u where u.recency <= ${DIGEST_MAX_MESSAGES}
    group by u.user_id, u.task_id
  ), channel as (
    select s.*, r.email, r.phone,
      coalesce((p.email ->> 'message')::boolean, $3::boolean)
        and ${messageModeSql('email')} = 'batched' as by_email,
      coalesce((p.sms ->> 'message')::boolean, $4::boolean)
        and ${messageModeSql('sms')} = 'batched'
        and r.phone is not null and r.phone_verified_at is not null
        and not exists (select 1 from sms_opt_outs o where o.phone = r.phone) as by_sms
    from summary s join users r on r.id = s.user_id
    left join notification_preferences p on p.user_id = s.user_id
  ), emailed as (
    insert into notification_emails (notification_id, summary_title, summary_body)
    select notification_id, subject, text from channel
    where by_email and email is not null and notification_id is not null
    returning id
  ), texted as (
    insert into sms_outbox ("to", body)
    select phone, 'Legwork: ' || subject || '. ' || $5::text || link from channel where by_sms
    returning id
  )
  select (select count(*) from claimed)::int as claimed, (select count(*) from summary)::int as digests,
    (select count(*) from emailed)::int as emails, (select count(*) from texted)::int as texts`;

export type DigestCounts = { digests: number; emails: number; texts: number };

/**
 * Sends each due message digest as one email (and one text, for a recipient who batches texts) that summarises
 * every unread message of its thread with its sender and time. The email job then sends it with the thread's
 * reply-by-email address, as it does a single message's.
 */
export async function sendDueMessageDigests(
  database: Database,
  options: SendDueMessageDigestsOptions = {},
): Promise<DigestCounts> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const counts: DigestCounts = { digests: 0, emails: 0, texts: 0 };
  const params = [
    batchSize,
    options.userIds ?? null,
    DEFAULT_PREFERENCES.email.message,
    DEFAULT_PREFERENCES.sms.message,
    env().SITE_URL,
  ];
  for (;;) {
    const [row] = await database.query<DigestCounts & { claimed: number }>('message_digests', DIGESTS_SQL, params);
    counts.digests += row?.digests ?? 0;
    counts.emails += row?.emails ?? 0;
    counts.texts += row?.texts ?? 0;
    if ((row?.claimed ?? 0) < batchSize || options.signal?.aborted) return counts;
  }
}
