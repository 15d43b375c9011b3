import type { Task } from '@/db/schema';
import type { TaskSide } from './side-of';
import { toTaskResource } from './to-task-resource';

export function transitionView(result: { task: Task; access: { side: TaskSide | null } }) {
  return toTaskResource(result.task, result.access);
}
