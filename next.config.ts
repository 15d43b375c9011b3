import type { NextConfig } from 'next';
import { SERVER_ACTION_BODY_LIMIT_BYTES } from './lib/api/server-action-limit';
import { FRAME_HEADERS } from './lib/http/frame-headers';

const nextConfig: NextConfig = {
  // PGlite ships a WASM Postgres and pg uses optional native bindings: both must load from node_modules
  // at run time instead of being bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', '@neondatabase/serverless', 'ws'],
  poweredByHeader: false,
  reactStrictMode: true,
  async headers() {
    const headers = Object.entries(FRAME_HEADERS).map(([key, value]) => ({ key, value }));
    return [{ source: '/:path*', headers }];
  },
  experimental: {
    // Small, see lib/api/server-action-limit.ts: the pages' photos go to POST /dashboard/uploads instead.
    serverActions: { bodySizeLimit: SERVER_ACTION_BODY_LIMIT_BYTES },
  },
};

export default nextConfig;
