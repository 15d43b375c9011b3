import { AppRouteRouteModule } from 'next/dist/server/route-modules/app-route/module';
import { NextRequest } from 'next/server';
import { type CallResult, readResult } from './http';

type HandleContext = Parameters<AppRouteRouteModule['handle']>[1];

/**
 * Runs an App Router route module the way `next start` does: through Next's own AppRouteRouteModule,
 * which wraps the request in a NextRequest and opens the request scope that `next/headers` (`headers()`,
 * `cookies()`) needs. Use it for code that reads that scope, such as next-auth's route handler or
 * `getServerSession()`; plain `/v1` handlers are called directly with `call()` / `send()`.
 *
 * `userland` is the route file's module (`import * as route from '@/app/.../route'`) or an object of
 * method handlers; `page` is the route's path pattern, e.g. '/api/auth/[...nextauth]'.
 */
export async function runAppRoute(
  userland: object,
  page: string,
  request: Request,
  params: Record<string, string | string[]> = {},
): Promise<CallResult> {
  const routeModule = new AppRouteRouteModule({
    definition: {
      kind: 'APP_ROUTE', // RouteKind.APP_ROUTE (a const enum, unusable with isolatedModules)
      page: `${page}/route`,
      pathname: page,
      filename: 'route',
      bundlePath: `app${page}/route`,
    },
    distDir: '.next',
    relativeProjectDir: '',
    resolvedPagePath: `app${page}/route.ts`,
    nextConfigOutput: undefined,
    userland: () => userland,
  } as unknown as ConstructorParameters<typeof AppRouteRouteModule>[0]);
  const context = {
    params,
    previewProps: { previewModeId: 'test', previewModeEncryptionKey: 'test', previewModeSigningKey: 'test' },
    renderOpts: {
      experimental: { authInterrupts: false },
      cacheComponents: false,
      isDraftMode: false,
      cacheLifeProfiles: {},
      staticPageGenerationTimeout: 60,
      onClose: () => {},
      onAfterTaskError: undefined,
      waitUntil: undefined,
    },
    sharedContext: { buildId: 'test', deploymentId: '' },
  } as unknown as HandleContext;
  return readResult(await routeModule.handle(new NextRequest(request), context));
}
