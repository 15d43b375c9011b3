/**
 * What a claimed agent is called when its human gives no name: after the task it proposed (a proposal carries no
 * agent name), within the 100 characters of an agent's name.
 */
export function defaultAgentName(taskTitle: string): string {
  const name = `Agent for “${taskTitle.trim()}”`;
  return name.length <= 100 ? name : `${name.slice(0, 98)}…”`;
}
