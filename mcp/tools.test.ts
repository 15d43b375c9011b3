import { describe, expect, it } from 'vitest';
import { mintClaimCodeViaApi } from '@/test/claim-codes';
import { signUpViaApi } from '@/test/sessions';
import { taskBetween, taskParties } from '@/test/tasks';
import { connectForEachTest } from './testing/connect';

// The tools through a real MCP client (in memory) and the real route handlers: listing, argument validation, the
// credential gate and how API errors reach the model.

const TOOLS = [
  'propose_task',
  'await_claim',
  'register_agent',
  'list_messages',
  'send_message',
  'await_message',
  'create_task',
  'publish_task',
  'get_task',
  'list_tasks',
  'cancel_task',
  'approve_task',
  'tip_worker',
  'request_revision',
  'get_task_proof',
  'list_offers',
  'accept_offer',
  'create_task_series',
  'list_task_series',
  'get_task_series',
  'update_task_series',
  'pause_task_series',
  'resume_task_series',
  'end_task_series',
  'skip_series_occurrence',
  'await_task_status',
  'search_workers',
  'get_worker',
  'search_services',
  'book_service',
  'quote_task',
  'send_feedback',
  'get_usage',
];
const READ_ONLY = [
  'list_messages',
  'await_message',
  'get_task',
  'list_tasks',
  'list_offers',
  'list_task_series',
  'get_task_series',
  'get_task_proof',
  'await_task_status',
  'search_workers',
  'get_worker',
  'search_services',
  'quote_task',
  'get_usage',
];
/** The tools that wait on a human, which take MCP Tasks (task-augmented) calls too. */
const WAIT_TOOLS = ['await_claim', 'await_message', 'await_task_status'];
const UNKNOWN_TASK = '00000000-0000-4000-8000-000000000000';

const connect = connectForEachTest();

describe('tools/list', () => {
  it('lists the thirty-three tools in a fixed order, with descriptions, annotations and idempotency keys', async () => {
    const { mcp } = await connect();
    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(150);
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      expect(tool.annotations?.openWorldHint, tool.name).toBe(true);
      const taskSupport = WAIT_TOOLS.includes(tool.name) ? 'optional' : 'forbidden';
      expect(tool.execution?.taskSupport ?? 'forbidden', tool.name).toBe(taskSupport);
      const readOnly = READ_ONLY.includes(tool.name);
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(readOnly);
      const properties = Object.keys(tool.inputSchema.properties ?? {});
      if (!readOnly && tool.name !== 'await_claim') expect(properties, tool.name).toContain('idempotency_key');
    }
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName.cancel_task?.annotations?.destructiveHint).toBe(true);
    expect(byName.create_task?.description).toContain('COSTS MONEY');
    expect(byName.await_message?.inputSchema.properties?.timeout_seconds).toMatchObject({ maximum: 50, default: 25 });
  });
});

describe('arguments', () => {
  it('are checked against the API’s own schemas, with a readable message naming the field', async () => {
    const { call } = await connect('lgw_test_unused');
    const badTask = await call('create_task', { task: { title: 'Photograph the shelf', budgetCents: 120 } });
    expect(badTask.isError).toBe(true);
    expect(badTask.text).toContain('Invalid arguments for tool create_task');
    expect(badTask.text).toContain('Must be at least 500 cents');
    expect(badTask.text).toContain('task.budgetCents');

    const tooLong = await call('await_message', { task_id: UNKNOWN_TASK, timeout_seconds: 90 });
    expect(tooLong.isError).toBe(true);
    expect(tooLong.text).toContain('Must be at most 50');

    const unknownField = await call('get_task', { task_id: UNKNOWN_TASK, verbose: true });
    expect(unknownField.isError).toBe(true);
    expect(unknownField.text).toMatch(/verbose/);

    const notUuid = await call('send_message', { task_id: 'task-1', body: 'hi' });
    expect(notUuid.isError).toBe(true);
    expect(notUuid.text).toContain('task_id');
  });
});

describe('without an API key', () => {
  it('refuses every tool but the cold-start ones with UNAUTHORIZED and a hint to claim or register first', async () => {
    const { call } = await connect();
    const refused = {
      get_task: { task_id: UNKNOWN_TASK },
      send_message: { task_id: UNKNOWN_TASK, body: 'hi' },
      await_message: { task_id: UNKNOWN_TASK },
      create_task: { task: { title: 'Photograph the shelf', budgetCents: 1000 } },
      search_workers: { lat: 52.5, lng: 13.4 },
    };
    for (const [name, args] of Object.entries(refused)) {
      const result = await call(name, args);
      expect(result.isError, name).toBe(true);
      expect(result.structuredContent.error?.code, name).toBe('UNAUTHORIZED');
      expect(result.structuredContent.error.hint).toMatch(/propose_task.*await_claim.*register_agent/s);
    }
    const proposal = await call('propose_task', { task: { title: 'Check the mailbox at Hauptstraße 3' } });
    expect(proposal.isError).toBeFalsy();
    expect(proposal.structuredContent).toMatchObject({
      humanClaimUrl: expect.stringContaining('/claim/'),
      claimToken: expect.any(String),
      task: { title: 'Check the mailbox at Hauptstraße 3', status: 'draft' },
    });
    expect(proposal.text).toContain(proposal.structuredContent.humanClaimUrl);
  });
});

describe('register_agent', () => {
  it('redeems a claim code, returns the key once and uses it for the rest of the session', async () => {
    const operator = await signUpViaApi('mcp-operator');
    const { code } = await mintClaimCodeViaApi(operator.token);
    const { call } = await connect();
    const registered = await call('register_agent', { code, name: 'Shelf checker' });
    expect(registered.structuredContent).toMatchObject({
      agent: { name: 'Shelf checker' },
      apiKey: { key: expect.stringMatching(/^lgw_/) },
      idempotencyKey: expect.any(String),
    });
    expect(registered.text).toContain('Store this API key now');
    const listed = await call('list_tasks', {});
    expect(listed.isError).toBeFalsy();
    expect(listed.structuredContent).toMatchObject({ tasks: [], hasMore: false });

    const again = await call('register_agent', { code, name: 'Second' });
    expect(again.structuredContent.error.code).toBe('CLAIM_CODE_NOT_FOUND');
  });
});

describe('API errors', () => {
  it('come back as isError results with the envelope’s code, message and hint', async () => {
    const parties = await taskParties();
    const task = await taskBetween(parties, 'posted');
    const { call } = await connect(parties.agent.token);

    const missing = await call('get_task', { task_id: UNKNOWN_TASK });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent.error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Task not found',
      hint: 'Check the id; list your tasks with GET /v1/tasks.',
      details: { status: 404, requestId: expect.stringMatching(/^req_/) },
    });
    expect(missing.text).toBe(
      'Error NOT_FOUND: Task not found\nHint: Check the id; list your tasks with GET /v1/tasks.',
    );

    const notOpen = await call('send_message', { task_id: task.id, body: 'Are you on your way?' });
    expect(notOpen.structuredContent.error).toMatchObject({
      code: 'THREAD_NOT_OPEN',
      message: 'The message thread opens when a worker accepts the task',
      hint: 'Wait for the task to be accepted (GET /v1/tasks/{id} shows `status`), then post again.',
    });
  });

  it('keep the API’s validation issues, field by field', async () => {
    const parties = await taskParties();
    const { call } = await connect(parties.agent.token);
    // Valid for the tool's schema, refused by the API: `lat` without `lng`.
    const result = await call('search_workers', { lat: 52.5 });
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { issues: [{ path: ['lng'], message: '`lat` and `lng` go together' }] },
    });
    expect(result.text).toContain('lng: `lat` and `lng` go together');
  });
});
