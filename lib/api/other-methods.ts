import type { HttpMethod } from '@/lib/schemas/operation';
import { methodNotAllowed } from './no-route';
import type { RouteHandler } from './route';

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export type MethodNotAllowedHandler = ((request: Request) => Response) & { methodNotAllowed: true };

// Instead of Next.js's empty 405. Use: `export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });`
export function otherMethods(
  implemented: Partial<Record<HttpMethod, RouteHandler>>,
): Record<HttpMethod, MethodNotAllowedHandler> {
  const allow = METHODS.filter((method) => method in implemented);
  const handler = (request: Request): Response => methodNotAllowed(request, allow);
  const refuse = Object.assign(handler, { methodNotAllowed: true as const });
  return Object.fromEntries(METHODS.map((method) => [method, refuse])) as Record<HttpMethod, MethodNotAllowedHandler>;
}
