/**
 * The channel notified (payload: a task id) when something a waiter may care about happens on a task: a message
 * (lib/services/messages/post-message.ts) or a status change (every `task.*` event, lib/events/emit-event.ts).
 * Its name predates status changes; renaming it would split instances mid-deploy.
 */
export const TASK_CHANNEL = 'legwork_task_messages';
