import { type Database, type Db, getDatabase } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { principalOf } from '@/lib/auth/actor';
import type { Input, Operation, OtherOutput, Output } from '@/lib/schemas/operation';
import { isReply, type LaterReply, type Outcome, type RawReply, type Reply } from './outcome';
import { createRequestContext, type RequestContext } from './request-context';
import { type Answer, errorOutcome, responseOf, sharedEncoder, toAnswer } from './respond';
import { withIdempotency } from './steps/idempotency';
import { parseInput } from './steps/parse-input';
import { enforceRateLimit, type RateLimitState, rateLimitHeaders } from './steps/rate-limit';
import { authorizeActor, resolveActor } from './steps/resolve-actor';
import { recordUsage } from './usage-log';

type RequestInput<T extends Operation> = {
  actor: Actor;
  body: Input<T, 'body'>;
  /** The exact request bytes (for signature checks). */
  rawBody: string;
  form: FormData | undefined;
  query: Input<T, 'query'>;
  params: Input<T, 'params'>;
  context: RequestContext;
  request: Request;
};

type DatabaseInput = { db: Db; database: Database };

export type HandlerInput<T extends Operation> = T['usesDatabase'] extends false
  ? RequestInput<T>
  : RequestInput<T> & DatabaseInput;

export type HandlerResult<T extends Operation> =
  | Output<T>
  | Reply<Output<T> | OtherOutput<T>>
  | LaterReply<Output<T>>
  | RawReply;

export type Handler<T extends Operation> = (input: HandlerInput<T>) => Promise<HandlerResult<T>>;

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type RouteOptions = {
  // Runs before the body is read (a multipart upload's admission); what it answers is called once the handler is done.
  beforeBody?: (input: { db: Db; actor: Actor; request: Request }) => Promise<() => void>;
};

export type RouteHandler = ((request: Request, routeContext: RouteContext) => Promise<Response>) & {
  operation: Operation;
  answer: (request: Request, routeContext: RouteContext) => Promise<Answer>;
};

// Pipeline: request context -> actor -> rate limit -> input -> idempotency -> handler -> envelope (./steps).
export function route<T extends Operation>(
  operation: T,
  handler: Handler<NoInfer<T>>,
  { beforeBody }: RouteOptions = {},
): RouteHandler {
  const encodeOnce = sharedEncoder();
  const answer = async (request: Request, routeContext: RouteContext): Promise<Answer> => {
    const context = createRequestContext(request);
    const database = lazyDatabase();
    let actor: Actor = { kind: 'anonymous' };
    let rateLimit: RateLimitState | undefined;
    let outcome: Outcome;
    let release: (() => void) | undefined;
    try {
      const resolved = await resolveActor(operation, request, context, database);
      actor = resolved.actor; // set before any refusal below, so a 403 or 429 with a key is still logged
      authorizeActor(operation, actor);
      rateLimit = await enforceRateLimit(operation, resolved, context.ip, database);
      if (beforeBody) release = await beforeBody({ db: (await database()).db, actor, request });
      const input = await parseInput(operation, request, routeContext);
      const execute = () => runHandler(operation, handler, { ...input, actor, context, request }, database, encodeOnce);
      const idempotent = operation.idempotent ?? operation.method === 'POST';
      outcome = idempotent
        ? await withIdempotency(
            await database(),
            request,
            { principal: principalOf(actor, context.ip), method: context.method, pathname: context.pathname },
            input.rawBody,
            () => execute().catch((error) => errorOutcome(error, context, request.signal)),
          )
        : await execute();
    } catch (error) {
      outcome = errorOutcome(error, context, request.signal);
    } finally {
      release?.();
    }
    if (actor.kind === 'apiKey') {
      const [apiKeyId, userId] = [actor.apiKey.id, actor.user.id]; // not the rows: a long poll keeps this
      const record = () =>
        recordUsage(database, {
          apiKeyId,
          userId,
          method: context.method,
          route: operation.path,
          status: outcome.status,
          latencyMs: Math.round(performance.now() - context.startedAt),
          ip: context.ip,
          at: new Date(),
        });
      if (outcome.later) outcome.later.then(record, record);
      else record();
    }
    return toAnswer(outcome, {
      'X-Request-Id': context.requestId,
      ...(rateLimit ? rateLimitHeaders(rateLimit) : {}),
    });
  };
  const run = async (request: Request, routeContext: RouteContext) => responseOf(await answer(request, routeContext));
  return Object.assign(run, { operation, answer });
}

async function runHandler<T extends Operation>(
  operation: T,
  handler: Handler<T>,
  input: Omit<RequestInput<Operation>, 'body' | 'query' | 'params'> & {
    body: unknown;
    query: unknown;
    params: unknown;
  },
  database: () => Promise<Database>,
  encodeOnce: ReturnType<typeof sharedEncoder>,
): Promise<Outcome> {
  const opened = operation.usesDatabase === false ? undefined : await database();
  // parseInput checked body, query and params against the operation's schemas, and the database handles are
  // there exactly when HandlerInput<T> has them (absent for `usesDatabase: false`): this cast restates both.
  const handles = opened ? { db: opened.db, database: opened } : {};
  const result: unknown = await handler({ ...input, ...handles } as HandlerInput<T>);
  if (isReply(result) && result.raw) return { status: result.status, body: result.data, headers: result.headers };
  const status = isReply(result) ? result.status : (operation.successStatus ?? 200);
  const headers = isReply(result) ? result.headers : undefined;
  if (isReply(result) && result.later) {
    // Waiters woken together share one answer object: it is checked and serialised once for all of them.
    const later = result.later.then((data) => encodeOnce(data, () => shapeBody(operation, status, data)));
    return { status, body: undefined, headers, later };
  }
  return { status, body: shapeBody(operation, status, isReply(result) ? result.data : result), headers };
}

function shapeBody(operation: Operation, status: number, data: unknown): unknown {
  const schema = operation.otherResponses?.[status]?.schema ?? operation.response;
  if (operation.listEnvelope) {
    const page = data as { data: unknown; nextCursor: string | null };
    return { data: schema.parse(page.data), nextCursor: page.nextCursor, hasMore: page.nextCursor !== null };
  }
  const shaped = schema.parse(data);
  return operation.envelope === false ? shaped : { data: shaped };
}

/** Routes that never touch the database never wait for it. */
function lazyDatabase(): () => Promise<Database> {
  let opened: Promise<Database> | undefined;
  return () => {
    opened ??= getDatabase();
    return opened;
  };
}
