import { describe, expect, it } from 'vitest';
import { getOperatorOperation } from '@/lib/schemas/api-keys';
import { deepHealthOperation } from '@/lib/schemas/health';
import { listLegalDocumentsOperation } from '@/lib/schemas/legal';
import { envelope } from '@/test/expect';
import { answerProblems } from './answer-problems';

// The fuzz suite is only as good as its judge: each kind of wrong answer must be named.

const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json; charset=utf-8',
  text: JSON.stringify(body),
});
const OPERATOR = {
  id: '6f1c2f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  name: null,
  email: 'op@example.com',
  userType: 'human',
  createdAt: '2026-01-01T00:00:00.000Z',
  activeKeyCount: 2,
};

describe('answerProblems', () => {
  it('passes a success that fits the declared response, and an error in the envelope', () => {
    expect(answerProblems(getOperatorOperation, json(200, { data: OPERATOR }))).toEqual([]);
    expect(answerProblems(getOperatorOperation, json(404, envelope('NOT_FOUND')))).toEqual([]);
    expect(
      answerProblems(deepHealthOperation, json(503, { data: { status: 'unavailable', checks: [], checkedAt: 'now' } })),
    ).toEqual([]);
  });

  it('names a 5xx, an error outside the envelope or at the wrong status, and a 400 without issues', () => {
    expect(answerProblems(getOperatorOperation, json(500, envelope('INTERNAL_ERROR')))).toHaveLength(1);
    expect(answerProblems(getOperatorOperation, json(404, { error: 'not found' }))).toHaveLength(1);
    expect(answerProblems(getOperatorOperation, json(409, envelope('NOT_FOUND')))).toEqual([
      'NOT_FOUND sent as 409, not 404',
    ]);
    expect(answerProblems(getOperatorOperation, json(400, envelope('VALIDATION_ERROR')))).toEqual([
      'a VALIDATION_ERROR without `issues`',
    ]);
  });

  it('names a success outside the declared response: a missing field, a bare body, a list that is no page', () => {
    const { email: _, ...withoutEmail } = OPERATOR;
    expect(answerProblems(getOperatorOperation, json(200, { data: withoutEmail }))).toHaveLength(1);
    expect(answerProblems(getOperatorOperation, json(200, OPERATOR))).toHaveLength(1);
    expect(answerProblems(listLegalDocumentsOperation, json(200, { data: [{ slug: 1 }] }))).toHaveLength(1);
  });
});
