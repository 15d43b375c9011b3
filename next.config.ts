import type { NextConfig } from 'next';
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
    // Proof photos and profile photos are posted through server actions; each file is still capped at 10 MB
    // (MAX_UPLOAD_BYTES) by the upload service. Next's default for an action body is 1 MB.
    serverActions: { bodySizeLimit: '25mb' },
  },
};

export default nextConfig;
