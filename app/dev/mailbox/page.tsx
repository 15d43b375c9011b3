import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { getDatabase } from '@/db/client';
import { isDevMailboxEnabled, listOutboxEmails, splitLinks } from '@/lib/mail/dev-mailbox';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Mailbox', robots: { index: false } };

// The outbox: what Legwork would have emailed, when no mail provider is configured. Anyone who can load this
// page reads every message (sign-in links included), hence the production guard.
export default async function MailboxPage() {
  if (!isDevMailboxEnabled()) notFound();
  const { db } = await getDatabase();
  const messages = await listOutboxEmails(db, 50);
  return (
    <div className="space-y-6">
      <PageHeader title="Mailbox" description="The newest 50 emails kept in the outbox. Nothing here was sent." />
      {messages.length === 0 ? (
        <EmptyState>No emails yet.</EmptyState>
      ) : (
        <ul className="space-y-4" data-testid="mailbox">
          {messages.map((message) => (
            <li key={message.id} className="rounded-lg border border-stone-200 bg-white p-5" data-testid="email">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="font-medium">{message.subject}</h2>
                <time className="text-xs text-stone-500" dateTime={message.createdAt.toISOString()}>
                  {message.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC
                </time>
              </div>
              <p className="mt-1 text-sm text-stone-600">
                To <span data-testid="email-to">{message.to}</span>, from {message.from}
              </p>
              <pre className="mt-3 overflow-x-auto whitespace-pre-wrap break-words rounded-md bg-stone-50 p-3 text-sm">
                {splitLinks(message.text).map((part, index) =>
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
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
