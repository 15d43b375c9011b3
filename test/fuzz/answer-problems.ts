import { z } from 'zod';
import { type ErrorCode, errorTable } from '@/lib/errors/api-error';
import type { Operation } from '@/lib/schemas/operation';

// What every answer of an operation must be, whatever was sent: no 5xx but the documented ones, errors in the spec's
// envelope (with `issues` on a validation error), and a success whose body fits the operation's declared response.

export type Answer = { status: number; contentType: string; text: string };

const validationIssues = z.array(z.object({ path: z.array(z.string()), message: z.string() })).min(1);

const errorEnvelope = z.object({
  error: z.object({
    code: z.enum(Object.keys(errorTable) as [ErrorCode, ...ErrorCode[]]),
    message: z.string().min(1),
    hint: z.string().min(1),
    details: z.record(z.string(), z.unknown()).optional(),
    issues: validationIssues.optional(),
  }),
});

// The wire form of each declared response: the schema's output as OpenAPI documents it (JSON Schema), read back as
// zod, so a Date or a transform is checked as the string the client gets, not as the value the handler returned.
const wireSchemas = new Map<z.ZodType, z.ZodType>();
function wireSchemaOf(schema: z.ZodType): z.ZodType {
  let wire = wireSchemas.get(schema);
  if (!wire) {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' });
    wire = z.fromJSONSchema(json as Parameters<typeof z.fromJSONSchema>[0]);
    wireSchemas.set(schema, wire);
  }
  return wire;
}

/** The body a success of `schema` is sent as: `{data}`, a list page (`schema` is then the page's array), or bare. */
function successBody(operation: Operation, schema: z.ZodType): z.ZodType {
  const data = wireSchemaOf(schema);
  if (operation.listEnvelope) {
    return z.strictObject({ data, nextCursor: z.string().nullable(), hasMore: z.boolean() });
  }
  return operation.envelope === false ? data : z.strictObject({ data });
}

/** What is wrong with an answer, in words; empty when nothing is. */
export function answerProblems(operation: Operation, answer: Answer): string[] {
  const { status, contentType, text } = answer;
  const documented = operation.otherResponses?.[status];
  if (documented) return bodyProblems(operation, documented.schema, answer);
  if (status >= 500) return [`answered ${status}: ${text.slice(0, 300)}`];
  if (status >= 400) return errorProblems(status, contentType, text);
  if (status < 200 || status >= 300) return [`answered ${status}`];
  return bodyProblems(operation, operation.response, answer);
}

function bodyProblems(operation: Operation, schema: z.ZodType, { status, contentType, text }: Answer): string[] {
  if (!contentType.startsWith('application/json')) return [];
  const parsed = parseJson(text);
  if (parsed === undefined) return [`a ${status} whose body is not JSON: ${text.slice(0, 200)}`];
  const result = successBody(operation, schema).safeParse(parsed);
  return result.success ? [] : [`a ${status} body outside the declared response: ${z.prettifyError(result.error)}`];
}

function errorProblems(status: number, contentType: string, text: string): string[] {
  if (!contentType.startsWith('application/json')) return [`a ${status} that is not JSON (${contentType})`];
  const result = errorEnvelope.safeParse(parseJson(text));
  if (!result.success) return [`a ${status} outside the error envelope: ${text.slice(0, 300)}`];
  const { code, issues } = result.data.error;
  const problems: string[] = [];
  if (errorTable[code].status !== status) problems.push(`${code} sent as ${status}, not ${errorTable[code].status}`);
  if (code === 'VALIDATION_ERROR' && !issues) problems.push('a VALIDATION_ERROR without `issues`');
  return problems;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
