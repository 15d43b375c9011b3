'use client';

import { useActionState, useState } from 'react';
import { ActionError } from '@/components/action-error';
import { SecretOnce } from '@/components/secret-once';
import { deleteAgentAction, type FormState, type KeyState, rotateAgentKeyAction, updateAgentAction } from '../actions';

const input = 'mt-1 block w-full rounded-md border border-stone-300 px-3 py-2';
const button = 'rounded-md border border-stone-300 px-3 py-2 text-sm hover:bg-stone-100 disabled:opacity-50';

function Saved({ state }: { state: FormState }) {
  return state.saved ? <span className="text-sm text-green-700">Saved</span> : <ActionError error={state.error} />;
}

export function RenameForm({ agentId, name }: { agentId: string; name: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(updateAgentAction.bind(null, agentId), {});
  return (
    <form action={action} className="flex items-end gap-2">
      <label className="block flex-1 text-sm">
        <span className="text-stone-700">Name</span>
        <input name="name" defaultValue={name} required maxLength={100} className={input} />
      </label>
      <button type="submit" disabled={pending} className={button}>
        Rename
      </button>
      <Saved state={state} />
    </form>
  );
}

export function SpendingCapForm({ agentId, capCents }: { agentId: string; capCents: number | null }) {
  const [state, action, pending] = useActionState<FormState, FormData>(updateAgentAction.bind(null, agentId), {});
  return (
    <form action={action} className="flex items-end gap-2">
      <label className="block flex-1 text-sm">
        <span className="text-stone-700">Spending cap in $ (empty = no cap)</span>
        <input
          name="spendingLimit"
          type="number"
          min="0"
          step="0.01"
          defaultValue={capCents === null ? '' : (capCents / 100).toFixed(2)}
          className={input}
        />
      </label>
      <button type="submit" disabled={pending} className={button}>
        Save cap
      </button>
      <Saved state={state} />
    </form>
  );
}

export function RotateKeysForm({ agentId }: { agentId: string }) {
  const [state, action, pending] = useActionState<KeyState>(rotateAgentKeyAction.bind(null, agentId), {});
  return (
    <div className="space-y-3">
      <form action={action}>
        <button type="submit" disabled={pending} className={button}>
          Rotate keys (revokes all current keys now)
        </button>
      </form>
      <ActionError error={state.error} />
      {state.key && <SecretOnce label="The agent’s new API key" secret={state.key} />}
    </div>
  );
}

export function DeleteAgentForm({ agentId, name }: { agentId: string; name: string }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button type="button" onClick={() => setConfirming(true)} className={`${button} text-red-700`}>
        Delete agent
      </button>
    );
  }
  return (
    <form action={deleteAgentAction.bind(null, agentId)} className="flex items-center gap-2 text-sm">
      <span>Delete {name}? Its keys stop working at once.</span>
      <button type="submit" className="rounded-md bg-red-700 px-3 py-2 text-white hover:bg-red-800">
        Yes, delete
      </button>
      <button type="button" onClick={() => setConfirming(false)} className={button}>
        Cancel
      </button>
    </form>
  );
}
