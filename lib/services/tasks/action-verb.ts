import type { TaskAction } from '@/lib/tasks/task-transitions';

/** The action as a verb in an error message: "Cannot request a revision of a posted task". */
export const actionVerb = (action: TaskAction) => (action === 'requestRevision' ? 'request a revision of' : action);
