import type http from 'node:http';
import { env } from '@/lib/env';
import { answerServerCard, SERVER_CARD_PATH } from '@/mcp/server-card';

/**
 * Serves the MCP Server Card under `npm start` without Next (which would answer it through a rewrite to
 * app/well-known/mcp/server-card.json/route.ts): the same answer, from mcp/server-card.ts. False for any other path.
 */
export function serveServerCard(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  if ((query < 0 ? url : url.slice(0, query)) !== SERVER_CARD_PATH) return false;
  const method = req.method ?? 'GET';
  // Whatever a client sent with it, nothing here reads a body.
  req.resume();
  const { status, headers, body } = answerServerCard(method, req.headers['if-none-match'], env().SITE_URL);
  res.writeHead(status, headers);
  res.end(method === 'HEAD' ? undefined : body);
  return true;
}
