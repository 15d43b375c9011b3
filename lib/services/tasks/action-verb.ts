import type { TaskAction } from '@/lib/tasks/task-transitions';

export const actionVerb = (action: TaskAction) => (action === 'requestRevision' ? 'request a revision of' : action);
