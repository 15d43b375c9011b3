import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buttonClass } from './button';
import { Card } from './card';
import { BarChart } from './chart';
import { ConfirmAction } from './confirm-action';
import { DoneNotice } from './done-notice';
import { Field, NewPasswordField, SelectField } from './field';
import { Notice } from './notice';
import { Stat } from './stat';
import { Table } from './table';

const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);

describe('the UI kit', () => {
  it('a ConfirmAction is first only its button; the consequence waits for the click', () => {
    const markup = html(
      createElement(
        ConfirmAction,
        { action: async () => ({}), label: 'Approve and pay', confirmLabel: 'Yes, pay $15.00' },
        'Pays $15.00 to Dana; cannot be undone.',
      ),
    );
    expect(markup).toContain('>Approve and pay</button>');
    expect(markup).not.toContain('Pays $15.00');
  });

  it('a DoneNotice shows only the page’s own message for ?done=', () => {
    const messages = { revoked: 'The key is revoked.' };
    expect(html(createElement(DoneNotice, { done: 'revoked', messages }))).toContain('The key is revoked.');
    expect(html(createElement(DoneNotice, { done: 'toString', messages }))).toBe('');
    expect(html(createElement(DoneNotice, { done: undefined, messages }))).toBe('');
  });

  it('a Notice is nothing without a message; an error is an alert, anything else a status', () => {
    expect(html(createElement(Notice, { tone: 'error' }))).toBe('');
    expect(html(createElement(Notice, { tone: 'error' }, 'Card declined'))).toMatch(
      /^<p role="alert"[^>]*>Card declined<\/p>$/,
    );
    expect(html(createElement(Notice, { tone: 'success' }, 'Saved'))).toMatch(/^<p role="status"/);
  });

  it('a Field wraps its control in the label, so the label names it', () => {
    const field = html(
      createElement(Field, { label: 'Agent name', name: 'name', required: true, className: 'flex-1' }),
    );
    expect(field).toBe(
      '<label class="block text-sm flex-1"><span class="text-stone-700">Agent name</span>' +
        '<input required="" class="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2" name="name"/></label>',
    );
    const select = html(
      createElement(SelectField, { label: 'Mode', name: 'mode', mono: true }, createElement('option', null, 'live')),
    );
    expect(select).toContain(
      '<select name="mode" class="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 font-mono"><option>live</option></select>',
    );
  });

  it("a NewPasswordField asks for the API's 10 characters, in its label and its minLength", () => {
    const field = html(createElement(NewPasswordField, { label: 'New password' }));
    expect(field).toContain('New password (at least 10 characters)');
    expect(field).toContain('type="password" autoComplete="new-password" minLength="10" required=""');
    expect(field).toContain('name="password"');
  });

  it('buttonClass: one look a variant; wide is full width at body size, compact tightens the padding', () => {
    expect(buttonClass()).toBe(
      'rounded-md bg-stone-900 px-4 py-2 text-white hover:bg-stone-700 text-sm disabled:opacity-50',
    );
    expect(buttonClass({ wide: true })).toContain('w-full');
    expect(buttonClass({ wide: true })).not.toContain('text-sm');
    expect(buttonClass({ variant: 'secondary', compact: true })).toContain('px-3 py-1');
    expect(buttonClass({ variant: 'danger-link', compact: true })).toBe(
      'text-red-700 underline text-sm disabled:opacity-50',
    );
  });

  it('a Card titles its section and puts the aside beside the title', () => {
    const card = html(createElement(Card, { title: 'Your keys', aside: 'done', testId: 'keys' }, 'body'));
    expect(card).toContain('data-testid="keys"');
    expect(card).toContain('<h2 class="font-medium">Your keys</h2>done');
    expect(card).toContain('space-y-3');
    expect(html(createElement(Card, { className: 'space-y-4' }))).not.toContain('space-y-3');
  });

  it('a Table heads its columns, a right-aligned one included', () => {
    const table = html(createElement(Table, { columns: ['Date', { label: 'Amount', align: 'right' }], testId: 't' }));
    expect(table).toContain('data-testid="t"');
    expect(table).toContain(
      '<th class="py-1 font-normal">Date</th><th class="py-1 font-normal text-right">Amount</th>',
    );
  });

  it('a Table labels each cell after the first on a narrow screen, scoped to that table', () => {
    const columns = ['Name', 'Spent', { label: 'Total "due"', align: 'right' as const }, ''];
    const table = html(createElement(Table, { columns }));
    const scope = /data-table="([^"]+)"/.exec(table)?.[1];
    expect(scope).toBeTruthy();
    const css = /<style>(.*)<\/style>/.exec(table)?.[1] ?? '';
    expect(css.startsWith('@media (max-width:639.98px){')).toBe(true);
    expect(css).toContain(`table[data-table="${scope}"] td:nth-child(2)::before{content:"Spent ";`);
    expect(css).toContain('td:nth-child(3)::before{content:"Total \\"due\\" ";');
    expect(css).not.toContain('nth-child(1)');
    expect(css).not.toContain('nth-child(4)');
  });

  it('a BarChart scales bars to the largest value and lists every value for screen readers', () => {
    const chart = html(
      createElement(BarChart, {
        label: 'Requests per day',
        bars: [
          { key: 'a', label: '01', value: 5, title: 'Jan 1: 5 requests' },
          { key: 'b', label: '02', value: 10, title: 'Jan 2: 10 requests' },
          { key: 'c', label: '03', value: 0, title: 'Jan 3: 0 requests' },
        ],
      }),
    );
    expect(chart).toContain('aria-label="Requests per day"');
    const bars = [...chart.matchAll(/height="(\d+)" class="fill-stone-700"/g)];
    expect(bars.map((match) => Number(match[1]))).toEqual([50, 100, 0]);
    expect(chart).toContain('<li>Jan 2: 10 requests</li>');
    // Axis ticks at the largest value, half of it and 0; values above the bars that have one.
    expect([...chart.matchAll(/text-anchor="end"[^>]*>(\d+)</g)].map((match) => match[1])).toEqual(['10', '5', '0']);
    expect(chart).toContain('>10</text>');
    // No data at all still draws (an empty chart), never a division by zero.
    expect(html(createElement(BarChart, { label: 'None', bars: [] }))).toContain('viewBox="0 0 52 132"');
  });

  it('a Stat is a label over its value; with href the whole card is the link, tinted when it needs attention', () => {
    expect(html(createElement(Stat, { label: 'Users', value: 12 }))).toMatch(
      /^<div class="[^"]*"><span class="[^"]*">Users<\/span><span class="[^"]*">12<\/span><\/div>$/,
    );
    const linked = html(
      createElement(Stat, { label: 'Open disputes', value: 3, href: '/admin/disputes', tone: 'alert' }),
    );
    expect(linked).toMatch(/^<a [^>]*href="\/admin\/disputes"[^>]*>.*Open disputes.*3.*<\/a>$/);
    expect(linked).toContain('bg-red-50');
  });
});
