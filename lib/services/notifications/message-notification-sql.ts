import { deploymentLivemode } from '@/lib/payments/get-processor';
import { MONEY_MESSAGE_PATTERN, messageBatching, messageModeSql } from './message-delivery';
import { DEFAULT_PREFERENCES } from './notification-preferences';

export const MESSAGE_PREVIEW_CHARS = 280;

// notify() for a new message, as CTEs appended to post-message's one statement so the thread's hot path keeps
// its single round trip. Reads the CTEs `task` (`side`, `title`, `requester_id`, `owner_id`, `livemode`) and
// `message`; `$2` the sender, `$3` the message id, `$4` its body; from `$first`: SITE_URL, the two defaults,
// whether the deployment is live, whether batching is on, the seconds until a digest is due, the money pattern and
// the push default.
//
// The bell's notification is written per message. An email or text goes at once when its channel is `each`, or
// for the thread's first message, or one about money; otherwise (`batched`) the recipient's digest row for the
// thread is upserted, and send-due-message-digests.ts sends one summary once it is due.
export function messageNotificationSql(first: number): string {
  const site = `$${first}::text`;
  const emailDefault = `$${first + 1}::boolean`;
  const smsDefault = `$${first + 2}::boolean`;
  const liveDeployment = `$${first + 3}::boolean`;
  const batching = `$${first + 4}::boolean`;
  const unreadAfter = `$${first + 5}::int`;
  const moneyPattern = `$${first + 6}::text`;
  const pushDefault = `$${first + 7}::boolean`;
  return `
  recipient as (
    select r.id, r.email, r.phone, r.phone_verified_at,
      case task.side when 'requester' then '/worker/tasks/' else '/dashboard/tasks/' end || task.id as link
    from task join message on true
    join users r on r.id = case task.side when 'requester' then task.worker_id
      else coalesce(task.owner_id, task.requester_id) end
    where r.type = 'human' and r.id <> $2::uuid
      and (not ${liveDeployment} or task.livemode or r.id in (task.requester_id, task.owner_id)
        or not exists (select 1 from payout_accounts pa where pa.user_id = r.id and pa.livemode))
  ), sender as (
    select coalesce(nullif(btrim(wp.display_name), ''), nullif(btrim(s.name), ''),
      case task.side when 'worker' then 'The worker' else 'The requester' end) as name
    from task join users s on s.id = $2::uuid
    left join worker_profiles wp on wp.user_id = s.id and task.side = 'worker'
  ), notification as (
    insert into notifications (user_id, kind, title, body, task_id, link, dedupe_key)
    select recipient.id, 'message', sender.name || ' wrote about “' || task.title || '”',
      case when length($4::text) > ${MESSAGE_PREVIEW_CHARS} then left($4::text, ${MESSAGE_PREVIEW_CHARS - 1}) || '…'
        else $4::text end,
      task.id, recipient.link, 'message:' || $3::uuid::text
    from task, recipient, sender
    on conflict do nothing
    returning id, user_id, title, body, link
  ), preference as (
    select
      case when not coalesce((p.email ->> 'message')::boolean, ${emailDefault}) then 'none'
        when urgent.now then 'each'
        else ${messageModeSql('email')} end as email,
      case when not coalesce((p.sms ->> 'message')::boolean, ${smsDefault}) then 'none'
        when urgent.now then 'each'
        else ${messageModeSql('sms')} end as sms
    from notification n left join notification_preferences p on p.user_id = n.user_id
    cross join (select not ${batching}
        -- The snapshot does not see this statement's own insert: no row yet means this message opens the thread
        -- (the current assignment's: a new worker's thread is a new thread).
        or not exists (select 1 from task_messages m where m.task_id = task.id
          and m.assignment_id is not distinct from
            (select a.id from task_assignments a where a.task_id = task.id and a.ended_at is null))
        or $4::text ~* ${moneyPattern} as now from task) urgent
  ), notification_email as (
    insert into notification_emails (notification_id)
    select n.id from notification n, preference, recipient r where preference.email = 'each' and r.email is not null
  ), notification_sms as (
    insert into sms_outbox ("to", body)
    select r.phone, 'Legwork: ' || n.title || '. ' || ${site} || n.link
    from notification n, preference, recipient r
    where preference.sms = 'each' and r.phone is not null and r.phone_verified_at is not null
      and not exists (select 1 from sms_opt_outs o where o.phone = r.phone)
  ), digest as (
    insert into message_digests (user_id, task_id, first_unread_at, due_at)
    select n.user_id, task.id, now(), now() + ${unreadAfter} * interval '1 second'
    from notification n, preference, task
    where 'batched' in (preference.email, preference.sms)
    on conflict (user_id, task_id) do nothing
  ), notification_push as (
    -- Push is cheap and goes at once; its tag makes the device replace the thread's notice still showing.
    insert into push_outbox (user_id, subscription_id, title, body, url, tag)
    select s.user_id, s.id, n.title, n.body, n.link, 'message:' || task.id
    from notification n join push_subscriptions s on s.user_id = n.user_id
    left join notification_preferences p on p.user_id = n.user_id
    cross join task
    where coalesce((p.push ->> 'message')::boolean, ${pushDefault}) and (s.expires_at is null or s.expires_at > now())
  ), answered as (
    -- Answering the thread is reading it: the sender's own digest for it (an agent's: its operator's) is dropped.
    delete from message_digests d using task, message
    where d.task_id = task.id
      and d.user_id in ($2::uuid, case when $2::uuid = task.requester_id then task.owner_id end)
  )`;
}

export function messageNotificationParams(siteUrl: string): unknown[] {
  const batching = messageBatching();
  return [
    siteUrl,
    DEFAULT_PREFERENCES.email.message,
    DEFAULT_PREFERENCES.sms.message,
    deploymentLivemode(),
    batching.enabled,
    batching.unreadAfterSeconds,
    MONEY_MESSAGE_PATTERN,
    DEFAULT_PREFERENCES.push.message,
  ];
}
