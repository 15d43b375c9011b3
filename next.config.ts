import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite ships a WASM Postgres and pg uses optional native bindings: both must load from node_modules
  // at run time instead of being bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', '@neondatabase/serverless', 'ws'],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
