import { randomInt } from 'node:crypto';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { getMailer } from '@/lib/mail/get-mailer';
import { queueSms } from '@/lib/services/messaging/sms/queue-sms';
import { sendDueSms } from '@/lib/services/messaging/sms/send-due-sms';
import { createOutboxMessenger } from '@/lib/sms/outbox-messenger';
import MailboxPage from './page';

describe('/dev/mailbox', () => {
  it('lists the outbox text messages beside the emails: recipient, body with its links, status', async () => {
    const { db } = await getDatabase();
    const to = `+1555${String(randomInt(10_000_000)).padStart(7, '0')}`;
    const link = `https://legwork.example/claim/${randomInt(1e9)}`;
    const queued = await queueSms(db, { to, body: `Your task is ready: ${link}` });
    await sendDueSms(db, { messenger: createOutboxMessenger(), outboxIds: [queued?.id ?? ''] });

    const html = renderToStaticMarkup(await MailboxPage());

    expect(html).toContain('<h2 class="text-lg font-semibold">Text messages</h2>');
    const item = html.match(
      new RegExp(`<li[^>]*data-testid="sms">(?:(?!</li>).)*${to.replace('+', '\\+')}.*?</li>`),
    )?.[0];
    expect(item).toContain(`<span data-testid="sms-to">${to}</span>`);
    expect(item).toContain(`Your task is ready: <a href="${link}"`);
    expect(item).toMatch(/data-testid="sms-status">sent</);
  });

  it('shows a Reply box under each email with a reply-by-email address, and none under the others', async () => {
    const { db } = await getDatabase();
    const tag = randomInt(1e9);
    const mailer = getMailer(db);
    await mailer.send({ to: `plain-${tag}@example.com`, subject: `Plain ${tag}`, text: 'no reply address' });
    await mailer.send({
      to: `thread-${tag}@example.com`,
      subject: `Thread ${tag}`,
      text: 'answer me',
      replyTo: `reply+${'a'.repeat(32)}@reply.legwork.local`,
    });

    const html = renderToStaticMarkup(await MailboxPage());
    const itemOf = (subject: string) =>
      html.match(new RegExp(`<li[^>]*data-testid="email">(?:(?!</li>).)*${subject}.*?</li>`))?.[0] ?? '';
    expect(itemOf(`Thread ${tag}`)).toContain('data-testid="email-reply"');
    expect(itemOf(`Thread ${tag}`)).toContain('<textarea');
    expect(itemOf(`Plain ${tag}`)).not.toContain('data-testid="email-reply"');
  });
});
