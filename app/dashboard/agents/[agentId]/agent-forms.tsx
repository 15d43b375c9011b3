'use client';

import { useState } from 'react';
import { ActionForm } from '@/components/ui/action-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
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

export function SpendingCapForm({ agentId, capCents }: { agentId: string; capCents: number | null }) {
  return (
    <ActionForm action={updateAgentAction.bind(null, agentId)} className={row}>
      <Field
        label="Spending cap in $ (empty = no cap)"
        name="spendingLimit"
        type="number"
        min="0"
        step="0.01"
        defaultValue={capCents === null ? '' : (capCents / 100).toFixed(2)}
        className="flex-1"
      />
      <SubmitButton variant="secondary">Save cap</SubmitButton>
    </ActionForm>
  );
}

export function RotateKeysForm({ agentId }: { agentId: string }) {
  return (
    <ActionForm
      action={rotateAgentKeyAction.bind(null, agentId)}
      secret={{ label: 'The agent’s new API key', of: (state: KeyState) => state.key }}
    >
      <SubmitButton variant="secondary">Rotate keys (revokes all current keys now)</SubmitButton>
    </ActionForm>
  );
}

export function DeleteAgentForm({ agentId, name }: { agentId: string; name: string }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete agent
      </Button>
    );
  }
  return (
    <form action={deleteAgentAction.bind(null, agentId)} className="flex flex-wrap items-center gap-2 text-sm">
      <span>Delete {name}? Its keys stop working at once.</span>
      <SubmitButton variant="destructive">Yes, delete</SubmitButton>
      <Button variant="secondary" onClick={() => setConfirming(false)}>
        Cancel
      </Button>
    </form>
  );
}
