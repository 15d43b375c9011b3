import type { Metadata } from 'next';
import Link from 'next/link';
import { TaskForm } from '@/app/dashboard/tasks/task-form';
import { LocalTime } from '@/components/local-time';
import { TaskStatusBadge } from '@/components/task-status-badge';
import { ActionForm } from '@/components/ui/action-form';
import { Card } from '@/components/ui/card';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { DoneNotice } from '@/components/ui/done-notice';
import { TextAreaField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { SubmitButton } from '@/components/ui/submit-button';
import { getDatabase } from '@/db/client';
import { getIntakeConversation } from '@/lib/services/intake/get-intake-conversation';
import { paymentHistoryTaskStates } from '@/lib/services/money/payment-history-task-states';
import { requireAdmin } from '@/lib/web/require-admin-user';
import { IntakeStatusBadge } from '../intake-status-badge';
import { closeAction, convertAction, replyAction } from './actions';
import { intakePrefill } from './intake-prefill';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'SMS conversation' };

const DONE = {
  converted: 'Converted: the claim link is texted. The task is posted once they pay for it on the claim page.',
  closed: 'Closed. Their next text opens a new conversation.',
};

/** Who a message is from, as staff read it. */
const senderOf = (message: { direction: string; sentBy: string | null }) =>
  message.direction === 'inbound' ? 'Them' : message.sentBy ? 'Staff' : 'Automatic';

// One SMS conversation (GET /v1/intake/{id}: opening it marks its texts read): the texts both ways, a reply box,
// and the task form that converts it, prefilled from what the person wrote.
export default async function IntakeConversationPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ done?: string }>;
}) {
  const { id } = await params;
  const { done } = await searchParams;
  const admin = await requireAdmin(`/admin/intake/${id}`);
  const { db } = await getDatabase();
  const conversation = await getIntakeConversation(db, { admin, conversationId: id });
  const taskStatus = conversation.taskId
    ? (await paymentHistoryTaskStates(db, [conversation.taskId])).get(conversation.taskId)
    : undefined;
  const open = conversation.status === 'open';
  return (
    <div className="space-y-6">
      <PageHeader
        title={<span className="font-mono">{conversation.phone}</span>}
        back={{ href: '/admin/intake', label: 'SMS intake' }}
        aside={<IntakeStatusBadge status={conversation.status} testId="intake-status" />}
        description={
          conversation.taskId ? (
            <>
              Became{' '}
              <Link href={`/dashboard/tasks/${conversation.taskId}`} className="underline">
                a task
              </Link>{' '}
              {taskStatus && <TaskStatusBadge status={taskStatus} testId="intake-task-status" />}
            </>
          ) : undefined
        }
      />
      <DoneNotice done={done} messages={DONE} />
      <Card title="Messages">
        <ol className="space-y-3" data-testid="intake-messages">
          {conversation.messages.map((message) => (
            <li
              key={message.id}
              data-testid="intake-message"
              className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${message.direction === 'outbound' ? 'ml-auto bg-stone-900 text-white' : 'bg-stone-100'}`}
            >
              <p className="whitespace-pre-wrap break-words">{message.body}</p>
              <p className={`mt-1 text-xs ${message.direction === 'outbound' ? 'text-stone-300' : 'text-stone-500'}`}>
                {senderOf(message)} · <LocalTime value={message.createdAt} />
                {message.status && ` · ${message.status}`}
              </p>
            </li>
          ))}
        </ol>
        {open && (
          <ActionForm
            action={replyAction.bind(null, conversation.id)}
            testId="intake-reply"
            savedText="Sent: the text is on its way."
          >
            <TextAreaField label="Reply by SMS" name="body" rows={2} maxLength={1600} required />
            <SubmitButton>Send text</SubmitButton>
          </ActionForm>
        )}
      </Card>
      {open && (
        <Card title="Convert to a task">
          <p className="text-sm text-stone-600">
            Saves a draft and texts them its claim link: they pay with an email and a card on the claim page, and the
            task is posted. Prefilled from their texts; check every field.
          </p>
          <TaskForm
            initial={intakePrefill(conversation.messages)}
            submit={{ label: 'Convert and text the claim link', action: convertAction.bind(null, conversation.id) }}
          />
          <ConfirmAction
            action={closeAction.bind(null, conversation.id)}
            label="Close without a task"
            confirmLabel="Yes, close it"
          >
            Nothing is texted. Their next text opens a new conversation.
          </ConfirmAction>
        </Card>
      )}
    </div>
  );
}
