import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TaskLine } from './task-line';
import { TestModeBadge } from './test-mode-badge';

// A worker sees "Test" on every test-mode task (the lists, the task page, the map's labels): no real money moves.

const line = (livemode?: boolean) =>
  renderToStaticMarkup(
    createElement(TaskLine, {
      href: '/worker/tasks/1',
      title: 'Photograph the bakery',
      status: 'accepted',
      cents: 1_500,
      testId: 'my-task',
      livemode,
    }),
  );

describe('the test-mode label', () => {
  it('says "Test" on a test-mode task and nothing on a live one', () => {
    expect(renderToStaticMarkup(createElement(TestModeBadge, { livemode: false }))).toMatch(
      /^<span data-testid="test-mode-badge"[^>]*>Test<\/span>$/,
    );
    expect(renderToStaticMarkup(createElement(TestModeBadge, { livemode: true }))).toBe('');
  });

  it('a task line shows it for a test-mode task only', () => {
    expect(line(false)).toContain('>Test</span>');
    expect(line(true)).not.toContain('test-mode-badge');
    expect(line()).not.toContain('test-mode-badge');
  });
});
