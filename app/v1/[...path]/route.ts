import { noSuchEndpoint } from '@/lib/api/no-route';

// Any /v1 path without a route, when Next serves the API (`next dev`, Vercel); server.ts's router answers the same.
export const GET = noSuchEndpoint;
export const POST = noSuchEndpoint;
export const PUT = noSuchEndpoint;
export const PATCH = noSuchEndpoint;
export const DELETE = noSuchEndpoint;
