// An HTML-only email as plain text: tags dropped (never rendered), block ends as line breaks, quoted blocks
// (<blockquote>) as `> ` lines so the reply parser strips them, and entities decoded. One linear pass over
// the tags; script, style and head contents are dropped whole.

const BLOCK = /^(p|div|br|li|tr|h[1-6]|table|ul|ol|pre|hr|section|article|header|footer)$/;
const DROPPED = /^(script|style|head|title|template)$/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function htmlToText(html: string): string {
  const lines: string[] = [''];
  let quoteDepth = 0;
  let dropping: string | null = null;
  const write = (text: string) => {
    const parts = text.split('\n');
    parts.forEach((part, index) => {
      if (index > 0) lines.push('');
      lines[lines.length - 1] += part;
    });
  };
  const newline = () => {
    lines.push('');
  };
  let last = 0;
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*>|<!--[\s\S]*?-->/g)) {
    if (!dropping)
      write(decode(html.slice(last, match.index).replace(/\s+/g, ' ')).replace(/^ /, startsLine(lines) ? '' : ' '));
    last = match.index + match[0].length;
    const closing = match[1] === '/';
    const tag = match[2]?.toLowerCase();
    if (!tag) continue; // a comment
    if (dropping) {
      if (closing && tag === dropping) dropping = null;
      continue;
    }
    if (DROPPED.test(tag)) {
      if (!closing && !match[0].endsWith('/>')) dropping = tag;
    } else if (tag === 'blockquote') {
      quoteDepth = Math.max(0, quoteDepth + (closing ? -1 : 1));
      newline();
      markQuote(lines, quoteDepth);
    } else if (BLOCK.test(tag)) {
      newline();
      markQuote(lines, quoteDepth);
    }
  }
  if (!dropping) write(decode(html.slice(last).replace(/\s+/g, ' ')));
  return lines
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function startsLine(lines: string[]): boolean {
  return /^(> )*$/.test(lines[lines.length - 1] ?? '');
}

function markQuote(lines: string[], depth: number) {
  if (depth > 0) lines[lines.length - 1] = '> '.repeat(depth);
}

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}
