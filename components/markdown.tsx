import { inlineMarkdownToHtml, markdownToHtml } from './markdown-html';
import { cx } from './ui/class-names';

// Typography for rendered Markdown, written as descendant selectors (the site has no typography plugin). Long
// words, paths and inline code wrap; code blocks and tables scroll inside their own box, never the page.
const BLOCK = [
  'min-w-0 space-y-3 break-words text-stone-700 [overflow-wrap:anywhere]',
  '[&_h1]:text-3xl [&_h1]:font-semibold [&_h1]:text-stone-900',
  '[&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-stone-900',
  '[&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-stone-900',
  '[&_h1]:scroll-mt-4 [&_h2]:scroll-mt-4 [&_h3]:scroll-mt-4',
  '[&_a]:text-stone-900 [&_a]:underline',
  '[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5',
  '[&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em]',
  '[&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-stone-100 [&_pre]:p-3 [&_pre]:text-xs',
  '[&_pre]:[overflow-wrap:normal] [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_.md-table]:overflow-x-auto [&_table]:text-sm [&_th]:border-b [&_th]:p-2 [&_th]:text-left',
  '[&_td]:border-b [&_td]:border-stone-200 [&_td]:p-2 [&_td]:align-top',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-stone-200 [&_blockquote]:pl-3',
].join(' ');

/** Markdown rendered as HTML, with no raw HTML from the source let through (see markdown-html.ts). */
export function Markdown({ source, className }: { source: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with html: false escapes any HTML in the source.
  return <div className={cx(BLOCK, className)} dangerouslySetInnerHTML={{ __html: markdownToHtml(source) }} />;
}

/** One line of Markdown (a summary) inside a heading or a link: code spans and emphasis, no paragraph. */
export function InlineMarkdown({ source, className }: { source: string; className?: string }) {
  return (
    <span
      className={cx('[&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1 [&_code]:font-mono', className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with html: false escapes any HTML in the source.
      dangerouslySetInnerHTML={{ __html: inlineMarkdownToHtml(source) }}
    />
  );
}
