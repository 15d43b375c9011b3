import type { IntakeConversation } from '@/db/schema';

export function toIntakeConversation(row: IntakeConversation) {
  return {
    id: row.id,
    phone: row.phone,
    status: row.status,
    lastMessageAt: row.lastMessageAt.toISOString(),
    messageCount: row.messageCount,
    unreadCount: row.unreadCount,
    taskId: row.taskId,
  };
}
