import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatExactTime } from './format';
import { LocalTime } from './local-time';

// ICU puts a narrow no-break space before AM/PM in some versions and a plain space in others.
const spaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
const moment = '2026-11-28T22:52:44.123Z';

describe('formatDateTime', () => {
  it('shows the date and the time to the minute, without seconds', () => {
    expect(spaces(formatDateTime(moment, 'UTC'))).toBe('Nov 28, 2026, 10:52 PM');
    expect(spaces(formatDateTime(new Date(moment), 'UTC'))).toBe('Nov 28, 2026, 10:52 PM');
  });

  it('reads the moment in the given time zone', () => {
    expect(spaces(formatDateTime(moment, 'Europe/Paris'))).toBe('Nov 28, 2026, 11:52 PM');
    expect(spaces(formatDateTime(moment, 'America/New_York'))).toBe('Nov 28, 2026, 5:52 PM');
  });
});

describe('formatExactTime', () => {
  it('gives the weekday, the seconds and the zone, for a hover title', () => {
    expect(spaces(formatExactTime(moment, 'UTC'))).toBe('Saturday, November 28, 2026 at 10:52:44 PM UTC');
    expect(spaces(formatExactTime(moment, 'Europe/Paris'))).toBe('Saturday, November 28, 2026 at 11:52:44 PM GMT+1');
  });
});

describe('LocalTime', () => {
  it('renders the moment without seconds, the exact time in its title, before the browser takes over', () => {
    const html = spaces(renderToStaticMarkup(createElement(LocalTime, { value: moment })));
    expect(html).toBe(
      `<time dateTime="${moment}" title="Saturday, November 28, 2026 at 10:52:44 PM UTC" data-testid="local-time">` +
        'Nov 28, 2026, 10:52 PM UTC</time>',
    );
  });

  it("keeps a page's own words and still carries the exact time on hover", () => {
    const html = spaces(renderToStaticMarkup(createElement(LocalTime, { value: moment }, '3 days')));
    expect(html).toContain('title="Saturday, November 28, 2026 at 10:52:44 PM UTC"');
    expect(html).toMatch(/>3 days<\/time>$/);
  });

  it('shows the fallback for no moment', () => {
    expect(renderToStaticMarkup(createElement(LocalTime, { value: null, fallback: 'never' }))).toBe('never');
  });
});
