import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { tasks } from '@/db/schema';
import { proposeTaskViaApi } from '@/test/cold-start';
import { validationEnvelope } from '@/test/expect';
import { withoutStripe } from '@/test/payments';

withoutStripe();

const DAY_MS = 24 * 60 * 60 * 1000;
type Issue = { path: string[]; message: string };

describe('POST /v1/tasks/propose: errors', () => {
  it('refuses an invalid body with 400 VALIDATION_ERROR listing the issues, and creates nothing', async () => {
    const title = `Refused ${randomBytes(4).toString('hex')}`;
    const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
    const cases: [unknown, Issue[]][] = [
      [{}, [{ path: ['task'], message: 'Invalid input: expected object, received undefined' }]],
      [{ task: {} }, [{ path: ['task', 'title'], message: 'Invalid input: expected string, received undefined' }]],
      [{ task: { title: '' } }, [{ path: ['task', 'title'], message: 'Must be at least 1 character' }]],
      [{ task: { title: '   ' } }, [{ path: ['task', 'title'], message: 'Must be at least 1 character' }]],
      [{ task: { title: 't'.repeat(201) } }, [{ path: ['task', 'title'], message: 'Must be at most 200 characters' }]],
      [
        { task: { title, budgetCents: 499 } },
        [{ path: ['task', 'budgetCents'], message: 'Must be at least 500 cents' }],
      ],
      [
        { task: { title, budgetCents: 1_000_001 } },
        [{ path: ['task', 'budgetCents'], message: 'Must be at most 1000000 cents' }],
      ],
      [
        { task: { title, budgetCents: 1_000.5 } },
        [{ path: ['task', 'budgetCents'], message: 'Must be a whole number of cents' }],
      ],
      [{ task: { title, deadline: inDays(-1) } }, [{ path: ['task', 'deadline'], message: 'Must be in the future' }]],
      [
        { task: { title, deadline: inDays(91) } },
        [{ path: ['task', 'deadline'], message: 'Must be at most 90 days from now' }],
      ],
      [{ task: { title, unknownField: 1 } }, [{ path: ['task'], message: 'Unrecognized key: "unknownField"' }]],
      [{ task: { title }, agentName: 'x' }, [{ path: [], message: 'Unrecognized key: "agentName"' }]],
      [
        { task: { title }, requesterEmail: 'not an email' },
        [{ path: ['requesterEmail'], message: 'Must be a valid email address' }],
      ],
    ];
    for (const [body, issues] of cases) {
      const res = await proposeTaskViaApi(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json, JSON.stringify(body)).toEqual(validationEnvelope(issues));
    }
    const { db } = await getDatabase();
    expect(
      await db
        .select()
        .from(tasks)
        .where(inArray(tasks.title, [title])),
    ).toEqual([]);
  });

  it('refuses an unknown category and an unknown proof requirement, naming the allowed values', async () => {
    const category = await proposeTaskViaApi({ task: { title: 'x', category: 'gardening' } });
    expect(category.status).toBe(400);
    expect(category.json).toEqual(
      validationEnvelope([
        {
          path: ['task', 'category'],
          message:
            'Invalid option: expected one of "inspection"|"photography"|"pickup"|"delivery"|"errand"|' +
            '"mystery_shopping"|"data_collection"|"other"',
        },
      ]),
    );
    const proof = await proposeTaskViaApi({ task: { title: 'x', proofRequirements: ['photo', 'video'] } });
    expect(proof.status).toBe(400);
    expect(proof.json).toEqual(
      validationEnvelope([
        {
          path: ['task', 'proofRequirements', '1'],
          message: 'Invalid option: expected one of "photo"|"gps"|"text"|"receipt"',
        },
      ]),
    );
  });

  it('refuses a body that is not a JSON object', async () => {
    const cases: [string, string][] = [
      ['[]', 'The request body must be a JSON object'],
      ['null', 'The request body must be a JSON object'],
      ['{"task":', 'Malformed JSON'],
    ];
    for (const [body, message] of cases) {
      const res = await proposeTaskViaApi(body);
      expect(res.status, body).toBe(400);
      expect(res.json).toEqual(validationEnvelope([{ path: [], message }]));
    }
  });
});
