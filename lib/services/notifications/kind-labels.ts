import type { NotificationKind } from '@/db/schema';

export const KIND_LABELS: Record<NotificationKind, string> = {
  task_accepted: 'tasks being accepted',
  message: 'new messages',
  task_submitted: 'finished work to review',
  revision_requested: 'revision requests',
  task_completed: 'completed tasks',
  task_cancelled: 'cancelled tasks',
  task_expired: 'expired tasks',
  dispute_opened: 'disputes opened and new evidence in them',
  dispute_resolved: 'resolved disputes',
  payout_sent: 'payouts sent',
  new_task_nearby: 'new tasks near you',
  agent_charge: 'card charges made by your agents',
  task_series_paused: 'recurring tasks paused by a refused card',
  task_offer: 'offers on your tasks and answers to yours',
  tip_received: 'tips from requesters',
};
