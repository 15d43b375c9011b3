import { deploymentLivemode } from '@/lib/payments/get-processor';
import { DEFAULT_PREFERENCES } from './notification-preferences';

export const MESSAGE_PREVIEW_CHARS = 280;

// notify() for a new message, as CTEs appended to post-message's one statement so the thread's hot path keeps
// its single round trip. Reads the CTEs `task` (`side`, `title`, `requester_id`, `owner_id`, `livemode`) and
// `message`; `$2` the sender, `$3` the message id, `$4` its body; from `$first`: SITE_URL, the two defaults and
// whether the deployment is live.
export function messageNotificationSql(first: number): string {
  const site = `$${first}::text`;
  const emailDefault = `$${first + 1}::boolean`;
  const smsDefault = `$${first + 2}::boolean`;
  const liveDeployment = `$${first + 3}::boolean`;
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
    returning id, user_id, title, link
  ), preference as (
    select coalesce((p.email ->> 'message')::boolean, ${emailDefault}) as email,
      coalesce((p.sms ->> 'message')::boolean, ${smsDefault}) as sms
    from notification n left join notification_preferences p on p.user_id = n.user_id
  ), notification_email as (
    insert into notification_emails (notification_id)
    select n.id from notification n, preference, recipient r where preference.email and r.email is not null
  ), notification_sms as (
    insert into sms_outbox ("to", body)
    select r.phone, 'Legwork: ' || n.title || '. ' || ${site} || n.link
    from notification n, preference, recipient r
    where preference.sms and r.phone is not null and r.phone_verified_at is not null
      and not exists (select 1 from sms_opt_outs o where o.phone = r.phone)
  )`;
}

export function messageNotificationParams(siteUrl: string): unknown[] {
  return [siteUrl, DEFAULT_PREFERENCES.email.message, DEFAULT_PREFERENCES.sms.message, deploymentLivemode()];
}
