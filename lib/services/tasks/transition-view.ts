import type { Task } from '@/db/schema';
import type { TaskSide } from './side-of';
import { toTaskResource } from './to-task-resource';

/** The answer of a transition: the task as it now is, seen from the caller's side. */
export function transitionView(result: { task: Task; access: { side: TaskSide | null } }) {
  return toTaskResource(result.task, result.access);
}
