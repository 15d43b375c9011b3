import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { LocalTime } from '@/components/local-time';
import { ActionForm } from '@/components/ui/action-form';
import { EmptyState } from '@/components/ui/empty-state';
import { TextAreaField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { SubmitButton } from '@/components/ui/submit-button';
import { getDatabase } from '@/db/client';
import { env } from '@/lib/env';
import {
  isDevMailboxEnabled,
  isReplyAddress,
  listOutboxEmails,
  listOutboxPushes,
  listOutboxTexts,
  splitLinks,
} from '@/lib/mail/dev-mailbox';
import { replyByEmailAction } from './actions';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Mailbox', robots: { index: false } };

// The outbox: what Legwork would have emailed or texted, when no mail or SMS provider is configured. Anyone who
// can load this page reads every message (sign-in and claim links included), hence the production guard.
export default async function MailboxPage() {
  if (!isDevMailboxEnabled()) notFound();
  const { db } = await getDatabase();
  const [messages, texts, pushes] = await Promise.all([
    listOutboxEmails(db, 50),
    listOutboxTexts(db, 50),
    listOutboxPushes(db, 50),
  ]);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Mailbox"
        description="The newest 50 emails, 50 text messages and 50 pushes kept in the outbox. Nothing here was sent."
      />
      <h2 className="text-lg font-semibold">Emails</h2>
      {messages.length === 0 ? (
        <EmptyState>No emails yet.</EmptyState>
      ) : (
        <ul className="space-y-4" data-testid="mailbox">
          {messages.map((message) => (
            <li key={message.id} className="rounded-lg border border-stone-200 bg-white p-5" data-testid="email">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-medium">{message.subject}</h3>
                <Time at={message.createdAt} />
              </div>
              <p className="mt-1 text-sm text-stone-600">
                To <span data-testid="email-to">{message.to}</span>, from {message.from}
              </p>
              <Body text={message.text} />
              {isReplyAddress(message.replyTo) && (
                <ActionForm
                  action={replyByEmailAction.bind(null, message.id)}
                  testId="email-reply"
                  className="mt-3 space-y-2"
                  savedText="Sent: the reply went to the inbound email webhook, signed as Resend would."
                >
                  <TextAreaField
                    label={`Reply (as ${message.to}, to ${message.replyTo})`}
                    name="body"
                    rows={3}
                    maxLength={20_000}
                    required
                  />
                  <SubmitButton>Send reply</SubmitButton>
                </ActionForm>
              )}
            </li>
          ))}
        </ul>
      )}
      <h2 className="text-lg font-semibold">Text messages</h2>
      {texts.length === 0 ? (
        <EmptyState>No text messages yet.</EmptyState>
      ) : (
        <ul className="space-y-4" data-testid="sms-outbox">
          {texts.map((text) => (
            <li key={text.id} className="rounded-lg border border-stone-200 bg-white p-5" data-testid="sms">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-medium">
                  To <span data-testid="sms-to">{text.to}</span>
                </h3>
                <Time at={text.createdAt} />
              </div>
              <p className="mt-1 text-sm text-stone-600" data-testid="sms-status">
                {text.status}
                {text.attempts > 0 ? `, ${text.attempts} failed attempt${text.attempts === 1 ? '' : 's'}` : ''}
                {text.lastError ? `: ${text.lastError}` : ''}
              </p>
              <Body text={text.body} />
            </li>
          ))}
        </ul>
      )}
      <h2 className="text-lg font-semibold">Push</h2>
      {pushes.length === 0 ? (
        <EmptyState>No pushes yet.</EmptyState>
      ) : (
        <ul className="space-y-4" data-testid="push-outbox">
          {pushes.map((push) => (
            <li key={push.id} className="rounded-lg border border-stone-200 bg-white p-5" data-testid="push">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-medium">
                  <span data-testid="push-title">{push.title}</span>
                  <span className="font-normal text-stone-600"> to {push.to ?? 'an account without email'}</span>
                </h3>
                <Time at={push.createdAt} />
              </div>
              <p className="mt-1 text-sm text-stone-600" data-testid="push-status">
                {push.status}
                {push.attempts > 0 ? `, ${push.attempts} failed attempt${push.attempts === 1 ? '' : 's'}` : ''}
                {push.lastError ? `: ${push.lastError}` : ''}
              </p>
              <Body text={`${push.body}\n${env().SITE_URL}${push.url}`} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Time({ at }: { at: Date }) {
  return (
    <span className="text-xs text-stone-500">
      <LocalTime value={at.toISOString()} exact />
    </span>
  );
}

/** A plain-text body with its http(s) links clickable; nothing in it is rendered as HTML. */
function Body({ text }: { text: string }) {
  return (
    <pre className="mt-3 overflow-x-auto whitespace-pre-wrap break-words rounded-md bg-stone-50 p-3 text-sm">
      {splitLinks(text).map((part, index) =>
        part.href ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one body never reorder
          <a key={index} href={part.href} className="text-blue-700 underline">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </pre>
  );
}
