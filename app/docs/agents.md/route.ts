import { env } from '@/lib/env';
import { readAgentGuide } from '../agents-guide';

// GET /docs/agents.md — the agent guide as raw Markdown, for an agent fetching it as is (people read /docs/agents).
export async function GET() {
  return new Response(await readAgentGuide(env().SITE_URL), {
    headers: { 'content-type': 'text/markdown; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
