import { describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { GET } from './route';

describe('GET /docs/agents.md', () => {
  it('serves docs/agents.md as Markdown, with the sandbox and MCP sections and this site’s URL', async () => {
    const res = await GET();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await res.text();
    expect(text.startsWith('# Legwork for agents')).toBe(true);
    expect(text).toContain('POST /v1/sandbox/tasks/{id}/simulate');
    expect(text).toContain('LEGWORK_API_KEY');
    expect(text).toContain(`${env().SITE_URL.replace(/\/+$/, '')}/v1/mcp`);
    expect(text).not.toContain('https://legwork.example');
  });
});
