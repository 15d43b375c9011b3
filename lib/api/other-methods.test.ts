import { describe, expect, it } from 'vitest';
import * as sessions from '@/app/v1/auth/sessions/route';
import * as health from '@/app/v1/health/route';
import { errorTable } from '@/lib/errors/api-error';
import { readResult } from '@/test/http';

describe('a method a path does not implement', () => {
  it('answers 405 METHOD_NOT_ALLOWED in the envelope with an Allow header', async () => {
    const res = await readResult(health.POST(new Request('http://localhost:3000/v1/health', { method: 'POST' })));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(res.json).toEqual({
      error: {
        code: 'METHOD_NOT_ALLOWED',
        message: 'POST is not allowed on this path',
        hint: 'Use GET; see /v1/openapi.json.',
      },
    });
    expect(errorTable.METHOD_NOT_ALLOWED.status).toBe(405);
  });

  it('names the methods that are allowed', async () => {
    const res = await readResult(
      sessions.DELETE(new Request('http://localhost:3000/v1/auth/sessions', { method: 'DELETE' })),
    );
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.json.error.hint).toBe('Use POST; see /v1/openapi.json.');
  });
});
