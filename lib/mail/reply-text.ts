import EmailReplyParser from 'email-reply-parser';
import { htmlToText } from './html-to-text';

// The reply parser's patterns backtrack on long lines (some are cubic in a line's length), so it reads at most
// this many characters, and a long line reaches it with its spaces as U+2028, which ends a line for a RegExp (`.`
// and `^`/`$` stop there) but not for the parser's own split on \n; the spaces come back afterwards.
const PARSED_SLACK_CHARS = 1_000;
const SOFT_LINE_CHARS = 200;
const SOFT_BREAK = '\u2028';

/**
 * What a person typed in an answer by email: the text part (or the HTML part as plain text when there is no
 * text), without the quoted message and the signature (`email-reply-parser`), at most `maxChars` long.
 */
export function replyText({ text, html }: { text: string | null; html: string | null }, maxChars: number): string {
  const limit = maxChars + PARSED_SLACK_CHARS;
  const plain = text?.trim() ? text : htmlToText(boundedHtml(html ?? '', limit * 4));
  const cleaned = plain
    .slice(0, limit)
    .replace(/\r\n?/g, '\n')
    .replace(/[\u2028\u2029]/g, '\n')
    // PostgreSQL text cannot hold NUL; other control characters but tab and newline are noise.
    .replace(/[^\P{Cc}\t\n]/gu, '')
    // Runs of blank lines feed the same backtracking; they mean nothing in a message.
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n');
  const visible = new EmailReplyParser().parseReply(softWrap(cleaned)).replaceAll(SOFT_BREAK, ' ').trim();
  return visible.length <= maxChars ? visible : `${visible.slice(0, maxChars - 1).trimEnd()}…`;
}

function softWrap(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.length <= SOFT_LINE_CHARS ? line : line.replaceAll(' ', SOFT_BREAK)))
    .join('\n');
}

/**
 * The first `max` characters of the HTML worth reading: inline images (Resend inlines them as `data:` URIs, often
 * larger than the whole text) removed first, and a tag cut in half at the end dropped rather than shown as text.
 */
function boundedHtml(html: string, max: number): string {
  const head = html.replace(/\ssrc\s*=\s*(["'])data:[^"']*\1/gi, '').slice(0, max);
  const open = head.lastIndexOf('<');
  return open > head.lastIndexOf('>') ? head.slice(0, open) : head;
}
