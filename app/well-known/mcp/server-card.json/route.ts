import { env } from '@/lib/env';
import { answerServerCard } from '@/mcp/server-card';

// GET /.well-known/mcp/server-card.json — the MCP Server Card (mcp/server-card.ts). Next routes no dot-folder under
// app/, so this folder has no dot and next.config.ts rewrites the well-known path here; under `npm start`,
// server.ts answers that path itself (lib/router/server-card.ts) with the same answer.

// SITE_URL is read per request (the card names this deployment's endpoint); never prerendered at build time.
export const dynamic = 'force-dynamic';

function serveCard(request: Request): Response {
  const { status, headers, body } = answerServerCard(
    request.method,
    request.headers.get('if-none-match'),
    env().SITE_URL,
  );
  return new Response(body ?? null, { status, headers });
}

// HEAD is Next's GET without the body; OPTIONS answers a browser's preflight (the card is for any origin).
export const GET = serveCard;
export const OPTIONS = serveCard;
// Any other method gets the 405 in the API's envelope rather than Next's empty one.
export const POST = serveCard;
export const PUT = serveCard;
export const PATCH = serveCard;
export const DELETE = serveCard;
