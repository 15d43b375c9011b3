import { plural } from '@/components/format';
import type { ChartBar } from '@/components/ui/chart';
import { formatMoney } from '@/lib/format/money';

/** One day of the overview's series (getAdminDailySeries): tasks created and money charged that day. */
export type DailyPoint = { day: string; tasks: number; gmvCents: number };

/**
 * The day of the month under every fifth bar, counted back from the last (today), so 30 bars stay readable on a
 * phone; every bar's title has the whole date.
 */
const dayLabel = (series: DailyPoint[], index: number) =>
  (series.length - 1 - index) % 5 === 0 ? (series[index]?.day.slice(8) ?? '') : '';

/** The "tasks per day" chart's bars, oldest first as the series comes. */
export const taskBars = (series: DailyPoint[]): ChartBar[] =>
  series.map((point, index) => ({
    key: point.day,
    label: dayLabel(series, index),
    value: point.tasks,
    title: `${point.day}: ${plural(point.tasks, 'task')}`,
  }));

/** The "GMV per day" chart's bars, in cents (the chart writes them with compactDollars). */
export const gmvBars = (series: DailyPoint[]): ChartBar[] =>
  series.map((point, index) => ({
    key: point.day,
    label: dayLabel(series, index),
    value: point.gmvCents,
    title: `${point.day}: ${formatMoney(point.gmvCents)} GMV`,
  }));
