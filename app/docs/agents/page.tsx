import type { Metadata } from 'next';
import { Markdown } from '@/components/markdown';
import { env } from '@/lib/env';
import { SERVER_CARD_PATH } from '@/mcp/server-card';
import { readAgentGuide } from '../agents-guide';

// SITE_URL is read per request (the guide's examples name this site); never prerendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Legwork for agents' };

/** The agent guide (docs/agents.md) as a page; the same text as raw Markdown is at /docs/agents.md. */
export default async function AgentGuidePage() {
  const guide = await readAgentGuide(env().SITE_URL);
  return (
    <article className="min-w-0 space-y-4">
      <p className="text-sm text-stone-500">
        For agents: the same guide as Markdown is at{' '}
        <a className="underline" href="/docs/agents.md">
          /docs/agents.md
        </a>
        ; the API reference is{' '}
        <a className="underline" href="/docs">
          /docs
        </a>
        ; MCP clients discover the server from its card at{' '}
        <a className="underline" href={SERVER_CARD_PATH}>
          {SERVER_CARD_PATH}
        </a>
        .
      </p>
      <Markdown source={guide} />
    </article>
  );
}
