import { describe, expect, it } from 'vitest';
import { inlineMarkdownToHtml, markdownToHtml, slugify } from './markdown-html';

describe('markdownToHtml', () => {
  it('renders code spans, emphasis, lists and fenced code without literal backticks', () => {
    const html = markdownToHtml(
      'Send `Authorization: Bearer <key>` **now**.\n\n- one\n- two\n\n```sh\ncurl -X POST\n```\n',
    );
    expect(html).toContain('<code>Authorization: Bearer &lt;key&gt;</code>');
    expect(html).toContain('<strong>now</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<pre><code class="language-sh">curl -X POST\n</code></pre>');
    expect(html).not.toContain('`');
  });

  it('lets no raw HTML through: tags are printed as text', () => {
    const html = markdownToHtml(
      '<script>alert(1)</script>\n\nHello <img src=x onerror="alert(1)"> and <a href="javascript:alert(1)">x</a>\n\n<iframe src="https://evil.example"></iframe>',
    );
    expect(html).not.toMatch(/<script|<img|<iframe|<a href="javascript/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('drops javascript: and data: links from Markdown links', () => {
    const html = markdownToHtml(
      '[a](javascript:alert(1)) [b](data:text/html;base64,PHNjcmlwdD4=) [c](https://ok.example)',
    );
    expect(html).not.toMatch(/href="(javascript|data):/);
    expect(html).toContain('[a](javascript:alert(1))');
    expect(html).toContain('<a href="https://ok.example">c</a>');
  });

  it('gives headings GitHub-style ids, so a contents list links to them', () => {
    const html = markdownToHtml('## Cold start: no account yet\n\n## MCP\n\n### MCP\n');
    expect(html).toContain('<h2 id="cold-start-no-account-yet">');
    expect(html).toContain('<h2 id="mcp">');
    expect(html).toContain('<h3 id="mcp-1">');
    expect(slugify('Claim codes: an operator adds a running agent')).toBe(
      'claim-codes-an-operator-adds-a-running-agent',
    );
  });

  it('wraps tables in a scrolling box and links site paths written as code', () => {
    const html = markdownToHtml('| a | b |\n| - | - |\n| 1 | 2 |\n\nSee `/dashboard/keys` or `/v1/tasks`.');
    expect(html).toContain('<div class="md-table"><table>');
    expect(html).toContain('</table>\n</div>');
    expect(html).toContain('<a href="/dashboard/keys"><code>/dashboard/keys</code></a>');
    expect(html).toContain('<code>/v1/tasks</code>');
    expect(html).not.toContain('href="/v1/tasks"');
  });
});

describe('inlineMarkdownToHtml', () => {
  it('renders one line without a paragraph and escapes HTML', () => {
    expect(inlineMarkdownToHtml('Send a `webhook.test` event <b>now</b>')).toBe(
      'Send a <code>webhook.test</code> event &lt;b&gt;now&lt;/b&gt;',
    );
  });
});
