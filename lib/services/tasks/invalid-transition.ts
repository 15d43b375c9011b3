import type { Task } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { TASK_TRANSITIONS, type TaskAction } from '@/lib/tasks/task-transitions';
import { actionVerb } from './action-verb';

export function invalidTransition(action: TaskAction, status: Task['status']) {
  return new ApiError('INVALID_TRANSITION', {
    message: `Cannot ${actionVerb(action)} a ${status} task`,
    details: { status, action, allowedFrom: TASK_TRANSITIONS[action].from },
  });
}
