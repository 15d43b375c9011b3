'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { getDatabase } from '@/db/client';
import { env } from '@/lib/env';
import { createAgentOperation, updateAgentOperation } from '@/lib/schemas/agents';
import { createAgent } from '@/lib/services/agents/create-agent';
import { deleteAgent } from '@/lib/services/agents/delete-agent';
import { rotateAgentKey } from '@/lib/services/agents/rotate-agent-key';
import { updateAgent } from '@/lib/services/agents/update-agent';
import { getClaimCodeStatus } from '@/lib/services/claims/get-claim-code-status';
import { mintClaimCode } from '@/lib/services/claims/mint-claim-code';
import { describeActionError, describeFormError, type FormFieldMap } from '@/lib/web/describe-error';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { SPENDING_CAP_MESSAGE } from './spending-cap-rule';

export type KeyState = { error?: string; fieldErrors?: Record<string, string>; key?: string };
export type FormState = { error?: string; fieldErrors?: Record<string, string>; saved?: boolean };

/**
 * The agent forms' fields by their API names; the cap is typed in dollars and the API counts cents, so a refused
 * cap says its rule in dollars (a cap of $0.50 is refused as "at least $5.75, or 0").
 */
const AGENT_FIELDS: FormFieldMap = {
  name: { field: 'name', label: 'Name' },
  spendingLimitCents: {
    field: 'spendingLimit',
    label: 'Spending cap',
    message: SPENDING_CAP_MESSAGE,
  },
};
export type ClaimCodeState = { error?: string; code?: string; expiresAt?: string; pasteSnippet?: string };

const PAGE = '/dashboard/agents';

/** Empty cap field = no cap; otherwise dollars, stored as cents. */
function capFromForm(form: FormData): number | null {
  const raw = String(form.get('spendingLimit') ?? '').trim();
  return raw === '' ? null : Math.round(Number(raw) * 100);
}

export async function createAgentAction(_state: KeyState, form: FormData): Promise<KeyState> {
  const current = await requireBrowserUser(PAGE);
  try {
    const input = createAgentOperation.body.parse({ name: form.get('name'), spendingLimitCents: capFromForm(form) });
    const { db } = await getDatabase();
    const created = await createAgent(db, current.user.id, input);
    revalidatePath(PAGE);
    return { key: created.apiKey.key };
  } catch (error) {
    return describeFormError(error, AGENT_FIELDS);
  }
}

export async function updateAgentAction(agentId: string, _state: FormState, form: FormData): Promise<FormState> {
  const current = await requireBrowserUser(`${PAGE}/${agentId}`);
  try {
    const fields = form.has('name') ? { name: form.get('name') } : { spendingLimitCents: capFromForm(form) };
    const input = updateAgentOperation.body.parse(fields);
    const { db } = await getDatabase();
    await updateAgent(db, { operatorId: current.user.id, agentId, input });
    revalidatePath(`${PAGE}/${agentId}`);
    return { saved: true };
  } catch (error) {
    return describeFormError(error, AGENT_FIELDS);
  }
}

export async function rotateAgentKeyAction(agentId: string, _state: KeyState): Promise<KeyState> {
  const current = await requireBrowserUser(`${PAGE}/${agentId}`);
  try {
    const { db } = await getDatabase();
    const rotated = await rotateAgentKey(db, { operatorId: current.user.id, agentId });
    revalidatePath(`${PAGE}/${agentId}`);
    return { key: rotated.key };
  } catch (error) {
    return { error: describeActionError(error) };
  }
}

/** Deletes the agent (after the page's confirmation); a failure is the confirmation's error. */
export async function deleteAgentAction(agentId: string, _state: FormState, _form: FormData): Promise<FormState> {
  const current = await requireBrowserUser(`${PAGE}/${agentId}`);
  const { db } = await getDatabase();
  try {
    await deleteAgent(db, { operatorId: current.user.id, agentId });
  } catch (error) {
    return { error: describeActionError(error) };
  }
  revalidatePath(PAGE);
  redirect(PAGE);
}

export async function mintClaimCodeAction(_state: ClaimCodeState): Promise<ClaimCodeState> {
  const current = await requireBrowserUser(PAGE);
  const { db } = await getDatabase();
  return mintClaimCode(db, { ownerId: current.user.id, siteUrl: env().SITE_URL });
}

/** Polled by the claim-code panel until the code is claimed or expires. */
export async function claimCodeStatusAction(code: string) {
  const current = await requireBrowserUser(PAGE);
  const { db } = await getDatabase();
  return getClaimCodeStatus(db, { ownerId: current.user.id, code });
}
