import { eq } from 'drizzle-orm';
import type { Executor, Tx } from '@/db/client';
import { nearbyFanouts, type Task, tasks } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { emitEvent } from '@/lib/events/emit-event';
import { loadPlatformTask } from '@/lib/services/money/load-platform-task';
import { notifyTaskEvent } from '@/lib/services/notifications/notify-task-event';
import { resolveTaskNotifications } from '@/lib/services/notifications/resolve-task-notifications';
import { taskAudience } from '@/lib/tasks/task-audience';
import {
  leavesFrom,
  TASK_TRANSITIONS,
  type TaskAction,
  type TaskActor,
  type TaskGuard,
  unmetGuard,
} from '@/lib/tasks/task-transitions';
import { actionVerb } from './action-verb';
import { declineOpenOffers } from './decline-open-offers';
import { invalidTransition } from './invalid-transition';
import { readTaskAccess, type TaskAccess } from './read-task-access';
import { sideOf } from './side-of';
import { taskNotFound } from './task-not-found';
import { toTaskResource } from './to-task-resource';

export type TransitionCaller =
  | { user: Pick<ActorUser, 'id'>; isAdmin?: boolean; livemode?: boolean; sandboxWorker?: boolean }
  | 'system';

export type TransitionInput = {
  taskId: string;
  action: TaskAction;
  caller: TransitionCaller;
  /** Runs in the transition's transaction, with the task row locked. */
  effect?: (tx: Tx, access: TaskAccess) => Promise<Partial<typeof tasks.$inferInsert> | undefined>;
  /** Or a function, read once the effect has run (a cancel's fee is known only then). */
  eventData?: Record<string, unknown> | (() => Record<string, unknown>);
};

// One transaction: the `task.<status>` event goes to the outbox with the status change. Given a transaction, it
// runs inside it (as a savepoint).
export async function runTransition(db: Executor, input: TransitionInput): Promise<{ task: Task; access: TaskAccess }> {
  const rule = TASK_TRANSITIONS[input.action];
  return db.transaction(async (tx) => {
    const access = await lockTransition(tx, input);
    const previousStatus = access.task.status;
    const changes = (await input.effect?.(tx, access)) ?? {};
    const eventData = typeof input.eventData === 'function' ? input.eventData() : input.eventData;
    const [task] = await tx
      .update(tasks)
      .set({ ...changes, status: rule.to })
      .where(eq(tasks.id, input.taskId))
      .returning();
    if (!task) throw new Error('task row vanished inside its transition');

    const event = await emitEvent(tx, {
      type: `task.${rule.to}`,
      data: { task: toTaskResource(task), previousStatus, ...eventData },
      taskId: task.id,
      // The worker who just withdrew hears about it too.
      audience: [...taskAudience(task, access.requesterOwnerId), access.task.workerId],
      livemode: task.livemode,
    });
    await resolveTaskNotifications(tx, { task, previous: access.task, requesterOwnerId: access.requesterOwnerId });
    // Offers answer a posted task: whatever took it off the board declines the ones still pending.
    if (previousStatus === 'posted' && task.status !== 'posted') await declineOpenOffers(tx, task);
    await notifyTaskEvent(tx, {
      action: input.action,
      task,
      previous: access.task,
      requesterOwnerId: access.requesterOwnerId,
      actorId: input.caller === 'system' ? null : input.caller.user.id,
      eventId: event.id,
      eventData,
    });
    // A located task just posted: queue its "new task near you" fan-out, which a background job does
    // (lib/services/notifications/notify-nearby-workers.ts), so posting pays for one insert only.
    // A reserved occurrence fans out when its window lapses (release-task-reservations.ts).
    if (input.action === 'publish' && task.lat !== null && task.lng !== null && !task.reservedForWorkerId) {
      await tx.insert(nearbyFanouts).values({ taskId: task.id }).onConflictDoNothing();
    }
    const side = input.caller === 'system' ? null : sideOf(task, access.requesterOwnerId, input.caller.user.id);
    return { task, access: { ...access, task, side } };
  });
}

/**
 * The task locked for `action`, with every check runTransition makes before its effect: who may, from which status,
 * and the action's guard. A caller that must pay before it acts (accept-offer.ts) checks here first.
 */
export async function lockTransition(tx: Tx, input: Pick<TransitionInput, 'taskId' | 'action' | 'caller'>) {
  const access = await lockForCaller(tx, input.taskId, input.caller);
  authorize(input.action, access, input.caller);
  const status = access.task.status;
  if (!leavesFrom(input.action, status)) throw invalidTransition(input.action, status);
  const callerId = input.caller === 'system' ? undefined : input.caller.user.id;
  const guard = unmetGuard(input.action, access.task, new Date(), callerId);
  if (guard) throw guardRefusal(input.action, guard, access.task);
  return access;
}

async function lockForCaller(tx: Tx, taskId: string, caller: TransitionCaller): Promise<TaskAccess> {
  if (caller !== 'system') {
    return readTaskAccess(tx, {
      taskId,
      userId: caller.user.id,
      forUpdate: true,
      livemode: caller.isAdmin ? 'any' : caller.livemode,
    });
  }
  const row = await loadPlatformTask(tx, taskId, true);
  if (!row) throw taskNotFound();
  return { ...row, side: null, callerListed: false };
}

/** 404 for a task the caller cannot see, 403 for one they see but may not act on. */
function authorize(action: TaskAction, access: TaskAccess, caller: TransitionCaller) {
  const by = TASK_TRANSITIONS[action].by;
  if (caller === 'system') {
    if (by !== 'system') throw new Error(`${action} is not a platform action`);
    return;
  }
  const { side, task, callerListed } = access;
  const visible = side !== null || (task.status === 'posted' && callerListed) || caller.isAdmin;
  const allowed =
    (by === 'requester' && side === 'requester') ||
    (by === 'worker' && side === 'worker') ||
    (by === 'eitherSide' && side !== null) ||
    (by === 'admin' && caller.isAdmin === true) ||
    (by === 'listedWorker' &&
      side !== 'requester' &&
      // A draft was never shown to workers: accepting one is a 404, as reading it is, not a 409 that confirms it.
      ((callerListed && task.status !== 'draft') || (caller.sandboxWorker === true && !task.livemode)));
  if (allowed) return;
  if (by === 'listedWorker' && side === 'requester') {
    throw new ApiError('FORBIDDEN', {
      message: 'You cannot accept your own task',
      hint: 'Tasks are accepted by listed workers other than the requester.',
    });
  }
  if (by === 'listedWorker' && task.status === 'posted') {
    throw new ApiError('FORBIDDEN', {
      message: 'Only listed workers can accept tasks',
      hint: 'Complete your worker profile and list it with POST /v1/workers/me/listing, then accept.',
    });
  }
  if (!visible) throw taskNotFound();
  throw new ApiError('FORBIDDEN', {
    message: `Only the ${ACTOR_NAMES[by]} can ${actionVerb(action)} this task`,
  });
}

function guardRefusal(action: TaskAction, guard: TaskGuard, task: Task) {
  const details = { status: task.status, action, guard, allowedFrom: TASK_TRANSITIONS[action].from };
  if (guard === 'openToCaller') {
    const reservedUntil = task.reservedUntil?.toISOString();
    return new ApiError('TASK_RESERVED', {
      message: `This task is offered first to another worker until ${reservedUntil}`,
      hint: `A recurring task’s occurrence goes first to the worker who last completed one; it opens to everyone at ${reservedUntil} (\`details.reservedUntil\`). Accept it then.`,
      details: { ...details, reservedUntil },
    });
  }
  const startsAt = task.startsAt?.toISOString();
  return new ApiError('INVALID_TRANSITION', {
    message: `Cannot submit proof before the booked slot starts at ${startsAt}`,
    hint: `A booking takes proof from the start of its slot (${startsAt}, in \`details.startsAt\`): do the work in the slot, then submit. If the time no longer suits, say so in the thread.`,
    details: { ...details, startsAt },
  });
}

const ACTOR_NAMES: Record<TaskActor, string> = {
  requester: 'requester',
  worker: 'assigned worker',
  listedWorker: 'listed workers',
  eitherSide: 'requester or the assigned worker',
  admin: 'platform admin',
  system: 'platform',
};
