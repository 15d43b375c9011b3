import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LocalTime } from './local-time';

const moment = '2026-11-28T22:52:44.123Z';

describe('LocalTime', () => {
  it('renders the moment without seconds, the exact time in its title, before the browser takes over', () => {
    const html = renderToStaticMarkup(createElement(LocalTime, { value: moment }));
    expect(html).toBe(
      `<time dateTime="${moment}" title="Saturday, November 28, 2026 at 10:52:44 PM UTC" data-testid="local-time">` +
        'Nov 28, 2026, 10:52 PM UTC</time>',
    );
  });

  it("keeps a page's own words and still carries the exact time on hover", () => {
    const html = renderToStaticMarkup(createElement(LocalTime, { value: moment }, '3 days'));
    expect(html).toContain('title="Saturday, November 28, 2026 at 10:52:44 PM UTC"');
    expect(html).toMatch(/>3 days<\/time>$/);
  });

  it('shows the fallback for no moment', () => {
    expect(renderToStaticMarkup(createElement(LocalTime, { value: null, fallback: 'never' }))).toBe('never');
  });
});
