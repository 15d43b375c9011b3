export const agentKeyName = (agentName: string | null) => `${agentName ?? 'Agent'} key`;
