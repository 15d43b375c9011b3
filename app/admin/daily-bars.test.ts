import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { compactDollars } from '@/components/format';
import { BarChart } from '@/components/ui/chart';
import { gmvBars, taskBars } from './daily-bars';

const series = [
  { day: '2026-11-01', tasks: 0, gmvCents: 0 },
  { day: '2026-11-02', tasks: 1, gmvCents: 2_300 },
  { day: '2026-11-03', tasks: 4, gmvCents: 123_456 },
];

describe('the overview charts', () => {
  it('a task bar a day, the whole date and count in its title', () => {
    expect(taskBars(series)).toEqual([
      { key: '2026-11-01', label: '', value: 0, title: '2026-11-01: 0 tasks' },
      { key: '2026-11-02', label: '', value: 1, title: '2026-11-02: 1 task' },
      { key: '2026-11-03', label: '03', value: 4, title: '2026-11-03: 4 tasks' },
    ]);
  });

  it('labels every fifth day back from today, so 30 bars stay readable', () => {
    const month = Array.from({ length: 30 }, (_, index) => ({
      day: `2026-11-${String(index + 1).padStart(2, '0')}`,
      tasks: 0,
      gmvCents: 0,
    }));
    expect(
      gmvBars(month)
        .map((bar) => bar.label)
        .filter(Boolean),
    ).toEqual(['05', '10', '15', '20', '25', '30']);
  });

  it('a GMV bar a day in cents, titled in exact dollars', () => {
    expect(gmvBars(series).map((bar) => [bar.value, bar.title])).toEqual([
      [0, '2026-11-01: $0.00 GMV'],
      [2_300, '2026-11-02: $23.00 GMV'],
      [123_456, '2026-11-03: $1234.56 GMV'],
    ]);
  });

  it('compactDollars: whole dollars under $1,000, then K and M', () => {
    expect([0, 49, 2_300, 99_949, 99_950, 123_456, 1_500_000, 250_000_000].map(compactDollars)).toEqual([
      '$0',
      '$0',
      '$23',
      '$999',
      '$1K',
      '$1.2K',
      '$15K',
      '$2.5M',
    ]);
  });

  it('the money chart writes its ticks and bar values with the format it is given', () => {
    const chart = renderToStaticMarkup(
      createElement(BarChart, { label: 'GMV per day', bars: gmvBars(series), format: compactDollars }),
    );
    expect([...chart.matchAll(/text-anchor="end"[^>]*>([^<]+)</g)].map((match) => match[1])).toEqual([
      '$1.2K',
      '$617',
      '$0',
    ]);
    expect(chart).toContain('>$23</text>');
    expect(chart).toContain('<li>2026-11-03: $1234.56 GMV</li>');
    expect(chart).toContain('aria-label="GMV per day"');
  });
});
