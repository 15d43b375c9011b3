import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import AgentGuidePage from './page';

describe('/docs/agents', () => {
  it('renders the guide as HTML: headings with anchors, working contents links, this site’s URL', async () => {
    const html = renderToStaticMarkup(await AgentGuidePage());
    expect(html).toContain('<h1 id="legwork-for-agents">Legwork for agents</h1>');
    expect(html).toContain('<a href="#cold-start-no-account-yet">');
    expect(html).toContain('<h2 id="cold-start-no-account-yet">');
    expect(html).toContain('href="/docs/agents.md"');
    expect(html).toContain(`${env().SITE_URL.replace(/\/+$/, '')}/v1/mcp`);
    expect(html).not.toContain('legwork.example');
    expect(html).toContain('<code>Authorization: Bearer &lt;key&gt;</code>');
    // Code spans became <code>; the only backticks left are inside code blocks, where they are the code.
    const outsideCode = html.replace(/<pre>[\s\S]*?<\/pre>/g, '').replace(/<code>[\s\S]*?<\/code>/g, '');
    expect(outsideCode).not.toContain('`');
  });

  it('links the MCP Server Card where a person sees it, and the guide’s Discovery section names its URL', async () => {
    const html = renderToStaticMarkup(await AgentGuidePage());
    expect(html).toContain(
      '<a class="underline" href="/.well-known/mcp/server-card.json">/.well-known/mcp/server-card.json</a>',
    );
    expect(html).toContain('<h2 id="discovery">Discovery</h2>');
    expect(html).toContain(`${env().SITE_URL.replace(/\/+$/, '')}/.well-known/mcp/server-card.json`);
  });
});
