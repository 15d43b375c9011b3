import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { legalAcceptances } from '@/db/schema';
import { legalDocuments } from '@/lib/services/legal/legal-documents';
import { envelope, UNAUTHORIZED_BODY } from '@/test/expect';
import { insertApiKey } from '@/test/factories';
import { call } from '@/test/http';
import { acceptancesOf } from '@/test/legal';
import { signUpViaApi } from '@/test/sessions';
import { SESSION_ONLY_BODY } from '@/test/worker-profiles';
import { POST as accept } from './route';

const terms = legalDocuments().terms;

const acceptAs = (token: string | undefined, body: unknown, ip = '203.0.113.7') =>
  call(accept, '/v1/legal/acceptances', { token, body, ip });

describe('POST /v1/legal/acceptances', () => {
  it('records the current version with the time and the client address; a repeat answers the same row', async () => {
    const person = await signUpViaApi('legal-accept');
    const res = await acceptAs(person.token, { slug: 'terms', version: terms.version });
    expect(res.status).toBe(201);
    expect(res.json.data).toEqual({
      user: person.userId,
      slug: 'terms',
      version: terms.version,
      at: expect.any(String),
      ip: '203.0.113.7',
    });

    const again = await acceptAs(person.token, { slug: 'terms', version: terms.version }, '203.0.113.8');
    expect(again.status).toBe(201);
    expect(again.json.data).toEqual(res.json.data);
    expect(await acceptancesOf(person.userId)).toHaveLength(1);
  });

  it('an old version is 409 with the current one in details, and records nothing', async () => {
    const person = await signUpViaApi('legal-old');
    const res = await acceptAs(person.token, { slug: 'terms', version: '2001-01-01' });
    expect(res.status).toBe(409);
    expect(res.json).toEqual(
      envelope('LEGAL_VERSION_OUTDATED', { details: { slug: 'terms', currentVersion: terms.version } }),
    );
    expect(await acceptancesOf(person.userId)).toEqual([]);
  });

  it('an unknown slug is 409 with the known ones in details, and records nothing', async () => {
    const person = await signUpViaApi('legal-unknown');
    const res = await acceptAs(person.token, { slug: 'cookies', version: terms.version });
    expect(res.status).toBe(409);
    expect(res.json).toEqual(
      envelope('LEGAL_DOCUMENT_UNKNOWN', {
        details: { slug: 'cookies', slugs: ['terms', 'privacy', 'worker-agreement'] },
      }),
    );
    expect(await acceptancesOf(person.userId)).toEqual([]);
  });

  it('a missing version is 400; no credential is 401; an API key is 403', async () => {
    const person = await signUpViaApi('legal-refused');
    const invalid = await acceptAs(person.token, { slug: 'terms' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.code).toBe('VALIDATION_ERROR');
    expect((await acceptAs(undefined, { slug: 'terms', version: terms.version })).json).toEqual(UNAUTHORIZED_BODY);
    const { key } = await insertApiKey((await getDatabase()).db, { userId: person.userId });
    const withKey = await acceptAs(key, { slug: 'terms', version: terms.version });
    expect(withKey.status).toBe(403);
    expect(withKey.json).toEqual(SESSION_ONLY_BODY);
    expect(await acceptancesOf(person.userId)).toEqual([]);
  });

  it('an acceptance row can be neither updated nor deleted', async () => {
    const person = await signUpViaApi('legal-immutable');
    expect((await acceptAs(person.token, { slug: 'terms', version: terms.version })).status).toBe(201);
    const { db } = await getDatabase();
    const mine = and(eq(legalAcceptances.userId, person.userId), eq(legalAcceptances.slug, 'terms'));
    await expect(db.update(legalAcceptances).set({ version: '2001-01-01' }).where(mine)).rejects.toThrow();
    await expect(db.delete(legalAcceptances).where(mine)).rejects.toThrow();
    await expect(db.execute(sql`delete from legal_acceptances where user_id = ${person.userId}`)).rejects.toThrow();
    expect(await acceptancesOf(person.userId)).toEqual([expect.objectContaining({ version: terms.version })]);
  });
});
