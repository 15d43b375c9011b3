import { dollars, plural } from '@/components/format';
import type { ChartBar } from '@/components/ui/chart';

/** One day of the overview's series (getAdminDailySeries): tasks created and money charged that day. */
export type DailyPoint = { day: string; tasks: number; gmvCents: number };

/** The day of the month under each bar ("03"); the whole date is in the title. */
const dayOfMonth = (day: string) => day.slice(8);

/** The "tasks per day" chart's bars, oldest first as the series comes. */
export const taskBars = (series: DailyPoint[]): ChartBar[] =>
  series.map((point) => ({
    key: point.day,
    label: dayOfMonth(point.day),
    value: point.tasks,
    title: `${point.day}: ${plural(point.tasks, 'task')}`,
  }));

/** The "GMV per day" chart's bars, in cents (the chart writes them with compactDollars). */
export const gmvBars = (series: DailyPoint[]): ChartBar[] =>
  series.map((point) => ({
    key: point.day,
    label: dayOfMonth(point.day),
    value: point.gmvCents,
    title: `${point.day}: ${dollars(point.gmvCents)} GMV`,
  }));
