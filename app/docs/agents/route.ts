import { readFile } from 'node:fs/promises';
import path from 'node:path';

// GET /docs/agents — the agent quickstart (docs/agents.md) as plain text: readable in a browser, and by an agent
// fetching it as is. The landing page links here.
export async function GET() {
  const text = await readFile(path.join(process.cwd(), 'docs', 'agents.md'), 'utf8');
  return new Response(text, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
