import type { NextConfig } from 'next';
import { SERVER_ACTION_BODY_LIMIT_BYTES } from './lib/api/server-action-limit';
import { FRAME_HEADERS, frameHeadersFor, UPLOADS_PREFIX } from './lib/http/frame-headers';

const nextConfig: NextConfig = {
  // PGlite ships a WASM Postgres and pg uses optional native bindings: both must load from node_modules
  // at run time instead of being bundled; web-push requires its optional proxy agent lazily.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', '@neondatabase/serverless', 'ws', 'web-push'],
  poweredByHeader: false,
  reactStrictMode: true,
  async headers() {
    const list = (headers: Readonly<Record<string, string>>) =>
      Object.entries(headers).map(([key, value]) => ({ key, value }));
    // The later rule wins for a header both set: uploads keep their sandboxing CSP (Next would otherwise drop the
    // route's own for this one).
    return [
      { source: '/:path*', headers: list(FRAME_HEADERS) },
      { source: `${UPLOADS_PREFIX}:path*`, headers: list(frameHeadersFor(UPLOADS_PREFIX)) },
    ];
  },
  // Next routes no dot-folder under app/: the well-known path of the MCP Server Card is served from a plain one.
  // server.ts answers it itself (lib/router/server-card.ts).
  async rewrites() {
    return [{ source: '/.well-known/mcp/server-card.json', destination: '/well-known/mcp/server-card.json' }];
  },
  experimental: {
    // Small, see lib/api/server-action-limit.ts: the pages' photos go to POST /dashboard/uploads instead.
    serverActions: { bodySizeLimit: SERVER_ACTION_BODY_LIMIT_BYTES },
  },
};

export default nextConfig;
