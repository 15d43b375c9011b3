import type { Task } from '@/db/schema';

/** The public view of a task. Private `instructions` are never part of it. */
export function toTaskResource(task: Task) {
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    category: task.category,
    location: task.lat !== null && task.lng !== null ? { lat: task.lat, lng: task.lng, address: task.address } : null,
    budgetCents: task.budgetCents,
    platformFeeCents: task.platformFeeCents,
    totalCents: task.totalCents,
    currency: 'usd' as const,
    deadline: task.deadline.toISOString(),
    requiredSkills: task.requiredSkills,
    proofRequirements: task.proofRequirements,
    status: task.status,
    livemode: task.livemode,
    requesterId: task.requesterId,
    workerId: task.workerId,
    publishedAt: task.publishedAt?.toISOString() ?? null,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
  };
}

export type TaskResource = ReturnType<typeof toTaskResource>;
