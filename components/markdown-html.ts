import MarkdownIt from 'markdown-it';

// Markdown to HTML for the docs pages (the agent guide, operation descriptions). Raw HTML in the source is never
// passed through: `html: false` prints it as text, and markdown-it's link check drops `javascript:`, `vbscript:`,
// `file:` and `data:` links. What it adds: an id on every heading (GitHub's slugs, so the guide's contents links
// work), tables in their own scrolling box (a narrow screen scrolls the table, not the page), and a site path
// written as code (`/dashboard/keys`) made a link to that page.

const SITE_PATH = /^\/(?:docs|dashboard|worker|v1\/openapi\.json)(?:[/#][\w/#.-]*)?$/;

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function createRenderer(): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

  md.core.ruler.push('heading_ids', (state) => {
    const seen = new Map<string, number>();
    state.tokens.forEach((token, index) => {
      if (token.type !== 'heading_open') return;
      const base = slugify(state.tokens[index + 1]?.children?.map((child) => child.content).join('') ?? '');
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      token.attrSet('id', count === 0 ? base : `${base}-${count}`);
    });
  });

  const renderToken: NonNullable<MarkdownIt['renderer']['rules']['table_open']> = (
    tokens,
    index,
    options,
    _env,
    self,
  ) => self.renderToken(tokens, index, options);
  md.renderer.rules.table_open = (...args) => `<div class="md-table">${renderToken(...args)}`;
  md.renderer.rules.table_close = (...args) => `${renderToken(...args)}</div>`;

  const codeInline = md.renderer.rules.code_inline;
  md.renderer.rules.code_inline = (tokens, index, options, env, self) => {
    const html = codeInline ? codeInline(tokens, index, options, env, self) : '';
    const content = tokens[index]?.content ?? '';
    const before = tokens.slice(0, index).map((token) => token.type);
    const insideLink = before.lastIndexOf('link_open') > before.lastIndexOf('link_close');
    return SITE_PATH.test(content) && !insideLink ? `<a href="${md.utils.escapeHtml(content)}">${html}</a>` : html;
  };
  return md;
}

const renderer = createRenderer();

/** A block of Markdown (paragraphs, lists, headings, code, tables) as HTML safe to insert. */
export function markdownToHtml(source: string): string {
  return renderer.render(source);
}

/** One line of Markdown (a summary): inline marks only, no wrapping paragraph. */
export function inlineMarkdownToHtml(source: string): string {
  return renderer.renderInline(source);
}
