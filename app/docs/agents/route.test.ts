import { describe, expect, it } from 'vitest';
import { GET } from './route';

describe('GET /docs/agents', () => {
  it('serves docs/agents.md as text, with the sandbox and MCP sections', async () => {
    const res = await GET();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text.startsWith('# Legwork for agents')).toBe(true);
    expect(text).toContain('POST /v1/sandbox/tasks/{id}/simulate');
    expect(text).toContain('LEGWORK_API_KEY');
  });
});
