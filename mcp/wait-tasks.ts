import type { CreateTaskOptions, TaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type CallToolResult,
  ErrorCode,
  GetTaskPayloadRequestSchema,
  McpError,
  RELATED_TASK_META_KEY,
  type Task,
} from '@modelcontextprotocol/sdk/types.js';
import type { components, LegworkClient } from '../lib/client';
import { LegworkApiError } from '../lib/client';

// MCP Tasks for the waits on humans (docs/agents.md, "Waiting"). The task store is the API's durable waits
// (POST /v1/waits, GET /v1/waits/{id}), never this process's memory: a handle made on one instance, or before a
// restart, is answered by any other, and a handle belongs to the key (or claim token) that made it, because the
// API answers 404 to anyone else. The handle is the wait's id; a claim wait's handle also carries its claim token
// (`<id>.<claimToken>`), the only credential a cold-start agent has.

export type Wait = components['schemas']['Wait'];
type TaskStatus = components['schemas']['Task']['status'];

/** What a wait tool asks the API to wait for. */
export type WaitSpec =
  | { kind: 'message'; taskId: string; sinceMessageId?: string; deadline?: string }
  | { kind: 'task_status'; taskId: string; statuses: TaskStatus[]; deadline?: string }
  | { kind: 'claim'; claimToken: string; deadline?: string };

/** Turns a finished wait into the tool's result (what the bounded call would have answered). */
export type WaitRenderer = (wait: Wait, handle: Handle, signal: AbortSignal) => Promise<CallToolResult>;

type Handle = { id: string; claimToken?: string };

/** The longest a single API long poll holds; tasks/result loops on it. */
const LONG_POLL_SECONDS = 50;
const MS_PER_SECOND = 1000;
const MIN_TTL_SECONDS = 60;
const MAX_TTL_SECONDS = 7 * 24 * 3600;

export function parseHandle(taskId: string): Handle | undefined {
  const [id, claimToken, extra] = taskId.split('.');
  if (!id || extra !== undefined || !/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return claimToken ? { id, claimToken } : { id };
}

const handleOf = (wait: Wait, claimToken?: string) => (claimToken ? `${wait.id}.${claimToken}` : wait.id);

function toTask(wait: Wait, handle: string): Task {
  return {
    taskId: handle,
    status: wait.status,
    ttl: wait.ttlMs,
    createdAt: wait.createdAt,
    lastUpdatedAt: wait.updatedAt,
    pollInterval: wait.pollIntervalMs,
    ...(wait.statusMessage ? { statusMessage: wait.statusMessage } : {}),
  };
}

const notFound = (taskId: string) =>
  new McpError(
    ErrorCode.InvalidParams,
    `Task not found: ${taskId}. A task is readable only with the credential that created it, until its TTL ends.`,
  );

/** The waits behind the SDK's task handlers, read and written through the REST API with this session's key. */
export class ApiWaitStore implements TaskStore {
  /** Each wait tool's rendering of its finished waits (defineWaitTool fills it). */
  readonly renderers = new Map<Wait['kind'], WaitRenderer>();

  constructor(private readonly client: LegworkClient) {}

  async createTask(params: CreateTaskOptions): Promise<Task> {
    const spec = params.context?.wait as WaitSpec | undefined;
    if (!spec) throw new McpError(ErrorCode.InternalError, 'a wait tool created a task without its wait');
    const ttlSeconds =
      params.ttl == null
        ? undefined
        : Math.min(MAX_TTL_SECONDS, Math.max(MIN_TTL_SECONDS, Math.ceil(params.ttl / MS_PER_SECOND)));
    const times = { ...(spec.deadline ? { deadline: spec.deadline } : {}), ...(ttlSeconds ? { ttlSeconds } : {}) };
    if (spec.kind === 'claim') {
      const { data } = await this.client.POST('/v1/agents/claim/{claimToken}/waits', {
        params: { path: { claimToken: spec.claimToken } },
        body: times,
      });
      return toTask(data, handleOf(data, spec.claimToken));
    }
    const body =
      spec.kind === 'message'
        ? {
            kind: spec.kind,
            taskId: spec.taskId,
            ...(spec.sinceMessageId ? { sinceMessageId: spec.sinceMessageId } : {}),
          }
        : { kind: spec.kind, taskId: spec.taskId, statuses: spec.statuses };
    const { data } = await this.client.POST('/v1/waits', { body: { ...body, ...times } });
    return toTask(data, handleOf(data));
  }

  async getTask(taskId: string): Promise<Task | null> {
    const wait = await this.read(taskId, 0);
    return wait ? toTask(wait, taskId) : null;
  }

  async getTaskResult(taskId: string): Promise<CallToolResult> {
    return this.result(taskId, new AbortController().signal);
  }

  /** tasks/result: holds (in long polls of the API, woken by the humans' actions) until the wait finished. */
  async result(taskId: string, signal: AbortSignal): Promise<CallToolResult> {
    const handle = parseHandle(taskId);
    for (;;) {
      const wait = await this.read(taskId, LONG_POLL_SECONDS, signal);
      if (!wait || !handle) throw notFound(taskId);
      if (wait.status === 'cancelled') throw new McpError(ErrorCode.InvalidParams, `Task ${taskId} was cancelled`);
      const render = this.renderers.get(wait.kind);
      if (!render) throw new McpError(ErrorCode.InternalError, `no tool renders ${wait.kind} waits`);
      if (wait.status !== 'working') return render(wait, handle, signal);
      if (signal.aborted) throw new McpError(ErrorCode.ConnectionClosed, 'Request cancelled');
    }
  }

  async updateTaskStatus(taskId: string, status: Task['status']): Promise<void> {
    if (status !== 'cancelled') throw new McpError(ErrorCode.InvalidRequest, `Cannot set a wait to ${status}`);
    const handle = parseHandle(taskId);
    if (!handle) throw notFound(taskId);
    try {
      if (handle.claimToken) {
        await this.client.POST('/v1/agents/claim/{claimToken}/waits/{id}/cancel', {
          params: { path: { claimToken: handle.claimToken, id: handle.id } },
        });
      } else {
        await this.client.POST('/v1/waits/{id}/cancel', { params: { path: { id: handle.id } } });
      }
    } catch (error) {
      if (error instanceof LegworkApiError && error.code === 'CONFLICT') {
        throw new McpError(ErrorCode.InvalidParams, `Cannot cancel task ${taskId}: it already finished`);
      }
      if (isNotFound(error)) throw notFound(taskId);
      throw error;
    }
  }

  async storeTaskResult(): Promise<void> {
    throw new McpError(ErrorCode.InternalError, 'wait results are written by the API, not by this server');
  }

  async listTasks(): Promise<{ tasks: Task[] }> {
    throw new McpError(ErrorCode.MethodNotFound, 'tasks/list is not supported: keep the handles you were given');
  }

  private async read(taskId: string, timeoutSec: number, signal?: AbortSignal): Promise<Wait | undefined> {
    const handle = parseHandle(taskId);
    if (!handle) return undefined;
    try {
      const query = { timeoutSec };
      const { data } = handle.claimToken
        ? await this.client.GET('/v1/agents/claim/{claimToken}/waits/{id}', {
            params: { path: { claimToken: handle.claimToken, id: handle.id }, query },
            signal,
          })
        : await this.client.GET('/v1/waits/{id}', { params: { path: { id: handle.id }, query }, signal });
      return data;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof LegworkApiError && (error.code === 'NOT_FOUND' || error.code === 'CLAIM_NOT_FOUND');
}

/** The SDK's tasks/result waits by re-reading every pollInterval; this one rides the API's long poll instead. */
export function handleTaskResults(server: Server, store: ApiWaitStore): void {
  server.setRequestHandler(GetTaskPayloadRequestSchema, async (request, extra) => {
    const result = await store.result(request.params.taskId, extra.signal);
    return { ...result, _meta: { ...result._meta, [RELATED_TASK_META_KEY]: { taskId: request.params.taskId } } };
  });
}
