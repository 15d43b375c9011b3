import type { Notification } from '@/db/schema';
import type { MailMessage } from '@/lib/mail/mailer';
import { KIND_LABELS } from './kind-labels';

export type RenderNotificationEmailOptions = {
  notification: Pick<Notification, 'kind' | 'title' | 'body' | 'link'>;
  to: string;
  siteUrl: string;
  unsubscribeToken: string;
  reply?: { replyTo: string; messageId: string };
};

// Every value escaped in the HTML part. `List-Unsubscribe` names the one-click endpoint (RFC 8058).
export function renderNotificationEmail(options: RenderNotificationEmailOptions): Omit<MailMessage, 'idempotencyKey'> {
  const { notification, siteUrl, unsubscribeToken, reply } = options;
  const token = encodeURIComponent(unsubscribeToken);
  const oneClickUrl = `${siteUrl}/v1/notifications/unsubscribe?token=${token}`;
  const unsubscribePage = `${siteUrl}/unsubscribe?token=${token}`;
  const pageUrl = notification.link ? `${siteUrl}${notification.link}` : null;
  const stop = `Stop emails about ${KIND_LABELS[notification.kind]}`;
  const replyLine = 'Reply to this email to answer in the thread.';

  const text = [
    notification.title,
    '',
    notification.body,
    ...(pageUrl ? ['', `Open it: ${pageUrl}`] : []),
    ...(reply ? ['', replyLine] : []),
    '',
    '--',
    `${stop}: ${unsubscribePage}`,
    '',
  ].join('\n');

  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#fafaf9;font-family:system-ui,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #e7e5e4;border-radius:8px;padding:24px">
<p style="margin:0 0 12px;font-size:18px;font-weight:600">${escapeHtml(notification.title)}</p>
<p style="margin:0 0 16px;line-height:1.5;white-space:pre-line">${escapeHtml(notification.body)}</p>
${pageUrl ? `<p style="margin:0 0 16px"><a href="${escapeHtml(pageUrl)}" style="display:inline-block;background:#1c1917;color:#fff;padding:8px 16px;border-radius:6px;text-decoration:none">Open in Legwork</a></p>\n` : ''}${reply ? `<p style="margin:0 0 16px;color:#57534e">${replyLine}</p>\n` : ''}</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#78716c">You get this email because of your Legwork notification settings. <a href="${escapeHtml(unsubscribePage)}" style="color:#78716c">${escapeHtml(stop)}</a></p>
</body></html>
`;

  const headers: Record<string, string> = {
    'List-Unsubscribe': `<${oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    ...(reply ? { 'Message-ID': reply.messageId } : {}),
  };
  return {
    to: options.to,
    subject: notification.title,
    text,
    html,
    headers,
    ...(reply ? { replyTo: reply.replyTo } : {}),
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
