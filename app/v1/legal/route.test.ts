import { describe, expect, it } from 'vitest';
import { envelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { GET as getDocument } from './[slug]/route';
import { GET as listDocuments } from './route';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

describe('GET /v1/legal', () => {
  it('lists the three documents with their current version, to anyone', async () => {
    const res = await call(listDocuments, '/v1/legal', { ip: uniqueIp() });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      {
        slug: 'terms',
        title: 'Terms of Service',
        version: expect.stringMatching(DATE),
        effectiveAt: expect.stringMatching(DATE),
      },
      {
        slug: 'privacy',
        title: 'Privacy Policy',
        version: expect.stringMatching(DATE),
        effectiveAt: expect.stringMatching(DATE),
      },
      {
        slug: 'worker-agreement',
        title: 'Worker Agreement',
        version: expect.stringMatching(DATE),
        effectiveAt: expect.stringMatching(DATE),
      },
    ]);
  });
});

describe('GET /v1/legal/{slug}', () => {
  it('gives the document with its Markdown body, marked as a draft, without its front matter', async () => {
    const res = await call(getDocument, '/v1/legal/terms', { ip: uniqueIp(), params: { slug: 'terms' } });
    expect(res.status).toBe(200);
    const listed = (await call(listDocuments, '/v1/legal', { ip: uniqueIp() })).json.data[0];
    expect(res.json.data).toEqual({ ...listed, body: expect.any(String) });
    expect(res.json.data.body.split('\n')[0]).toMatch(/^\*\*DRAFT — to be reviewed by counsel/);
    expect(res.json.data.body).not.toMatch(/^---|version:/m);
    expect(res.json.data.body).toContain('15%');
  });

  it('an unknown slug is 404', async () => {
    const res = await call(getDocument, '/v1/legal/cookies', { ip: uniqueIp(), params: { slug: 'cookies' } });
    expect(res.status).toBe(404);
    expect(res.json).toEqual(envelope('NOT_FOUND', { message: 'No legal document with this slug' }));
  });
});
