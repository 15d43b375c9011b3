import { describe, expect, it } from 'vitest';
import { isAutoReply } from './auto-reply';
import { htmlToText } from './html-to-text';
import { addressOf, replyTokensInAddresses, replyTokensInHeaders } from './reply-address';
import { replyText } from './reply-text';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz234567';

describe('reading an answer by email', () => {
  it('keeps what was typed, without the quoted message or the signature, capped with an ellipsis', () => {
    const text =
      'Yes.\r\n\r\nThanks\r\n\r\nSent from my iPhone\r\n\r\nOn Tue, 25 Nov 2026, Legwork <a@b.c> wrote:\r\n> Any news?';
    expect(replyText({ text, html: null }, 5000)).toBe('Yes.\n\nThanks');
    expect(replyText({ text: 'abcdefghij', html: null }, 5)).toBe('abcd…');
    expect(replyText({ text: 'a\u0000b\u0007c', html: null }, 50)).toBe('abc');
  });

  it('stays fast on lines built to make the parser backtrack', () => {
    for (const text of ['a on at '.repeat(100_000), `Op ${' \n'.repeat(50_000)}`, `W dniu ${'a\n'.repeat(50_000)}`]) {
      const started = performance.now();
      replyText({ text, html: null }, 5000);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });

  it('turns HTML into text: entities decoded, blocks as lines, quotes marked, scripts and styles dropped', () => {
    expect(
      htmlToText(
        '<style>b{}</style><p>Fish &amp; chips &lt;3 &#233;&#x1F600;</p><div>two<br/>lines</div><blockquote>q<blockquote>qq</blockquote></blockquote><script>x()</script>',
      ),
    ).toBe('Fish & chips <3 é😀\n\ntwo\nlines\n\n> q\n> > qq\n>');
    expect(htmlToText('<img src=x onerror="alert(1)">hi<!-- <b>no</b> -->')).toBe('hi');
    const image = `<img src="data:image/png;base64,${'A'.repeat(100_000)}" alt="logo">`;
    expect(replyText({ text: null, html: `${image}<p>See you at 5.</p>` }, 5000)).toBe('See you at 5.');
    expect(replyText({ text: null, html: `<p>Cut here</p><a href="${'x'.repeat(30_000)}">link</a>` }, 5000)).toBe(
      'Cut here',
    );
  });

  it('finds reply tokens in addresses (domain case-insensitive) and in In-Reply-To/References', () => {
    expect(addressOf('Mia Schmidt <Mia@Example.COM>')).toBe('mia@example.com');
    const addresses = [
      `Legwork <reply+${TOKEN.toUpperCase()}@Reply.Legwork.Local>`,
      `reply+${TOKEN}@elsewhere.example`,
    ];
    expect(replyTokensInAddresses(addresses, 'reply.legwork.local')).toEqual([TOKEN]);
    expect(
      replyTokensInHeaders({ references: `<x@y> <reply-${TOKEN}@reply.legwork.local>` }, 'reply.legwork.local'),
    ).toEqual([TOKEN]);
    expect(replyTokensInHeaders({ 'in-reply-to': `<reply-${TOKEN}@other.example>` }, 'reply.legwork.local')).toEqual(
      [],
    );
  });

  it('tells machine mail from typed mail (RFC 3834)', () => {
    expect(isAutoReply({}, 'a@b.c')).toBe(false);
    expect(isAutoReply({ 'auto-submitted': 'No' }, 'a@b.c')).toBe(false);
    expect(isAutoReply({ 'auto-submitted': 'auto-replied' }, 'a@b.c')).toBe(true);
    expect(isAutoReply({ precedence: 'Bulk' }, 'a@b.c')).toBe(true);
    expect(isAutoReply({ 'return-path': '<>' }, 'a@b.c')).toBe(true);
    expect(isAutoReply({}, '')).toBe(true);
  });
});
