'use client';

import { ActionForm } from '@/components/ui/action-form';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { Field } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { centsAsDecimal } from '@/lib/format/money';
import { deleteAgentAction, type KeyState, rotateAgentKeyAction, updateAgentAction } from '../actions';

const row = 'flex flex-wrap items-end gap-2';

export function RenameForm({ agentId, name }: { agentId: string; name: string }) {
  return (
    <ActionForm action={updateAgentAction.bind(null, agentId)} className={row}>
      <Field label="Name" name="name" defaultValue={name} required maxLength={100} className="flex-1" />
      <SubmitButton variant="secondary">Rename</SubmitButton>
    </ActionForm>
  );
}

/** `hint` is the cap's rule (spending-cap-rule.ts), passed by the page so the schema stays out of the browser. */
export function SpendingCapForm({
  agentId,
  capCents,
  hint,
}: {
  agentId: string;
  capCents: number | null;
  hint: string;
}) {
  return (
    <ActionForm action={updateAgentAction.bind(null, agentId)} className={row}>
      <Field
        label="Spending cap ($)"
        name="spendingLimit"
        type="number"
        min="0"
        step="0.01"
        hint={hint}
        defaultValue={capCents === null ? '' : centsAsDecimal(capCents)}
        className="flex-1"
      />
      <SubmitButton variant="secondary">Save cap</SubmitButton>
    </ActionForm>
  );
}

/** The charge email's "pause this agent": a cap of $0 refuses every further card charge until it is raised. */
export function PauseSpendingForm({ agentId }: { agentId: string }) {
  return (
    <div id="pause">
      <ActionForm
        action={updateAgentAction.bind(null, agentId)}
        className="flex flex-wrap items-center gap-2"
        testId="pause-spending"
      >
        <input type="hidden" name="spendingLimit" value="0" />
        <p className="flex-1 text-sm text-stone-600">Stop this agent charging your card until you raise its cap.</p>
        <SubmitButton variant="secondary">Pause spending</SubmitButton>
      </ActionForm>
    </div>
  );
}

export function RotateKeysForm({ agentId, name }: { agentId: string; name: string }) {
  return (
    <ConfirmAction
      action={rotateAgentKeyAction.bind(null, agentId)}
      label="Rotate keys"
      confirmLabel="Yes, rotate"
      secret={{ label: 'The agent’s new API key', of: (state: KeyState) => state.key }}
      testId="rotate-keys"
    >
      Issues a new key for {name}. Its current keys stop working at once: give the agent the new one.
    </ConfirmAction>
  );
}

export function DeleteAgentForm({ agentId, name }: { agentId: string; name: string }) {
  return (
    <ConfirmAction
      action={deleteAgentAction.bind(null, agentId)}
      label="Delete agent"
      variant="danger"
      confirmLabel="Yes, delete"
      testId="delete-agent"
    >
      Delete {name}? Its keys stop working at once.
    </ConfirmAction>
  );
}
