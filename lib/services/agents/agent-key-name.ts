/** How an agent's keys are labelled in the key list. */
export const agentKeyName = (agentName: string | null) => `${agentName ?? 'Agent'} key`;
