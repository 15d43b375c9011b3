// The numbers of recurring tasks (docs/tasks.md "Recurring tasks").
export const SERIES_LIMITS = {
  defaultLeadHours: 48,
  minLeadHours: 1,
  maxLeadHours: 336,
  defaultDurationMinutes: 240,
  minDurationMinutes: 15,
  maxDurationMinutes: 10_080,
  defaultPreferredWindowMinutes: 120,
  maxPreferredWindowMinutes: 1_440,
  maxCount: 366,
  maxEveryDays: 90,
  maxStartDays: 365,
  /** Upcoming occurrences shown on a series. */
  upcomingShown: 5,
  /** Its latest tasks shown on a series. */
  tasksShown: 20,
} as const;
