import { describe, expect, it } from 'vitest';
import { POST as signUp } from '@/app/v1/users/route';
import { POST as createProfile } from '@/app/v1/workers/route';
import { getDatabase } from '@/db/client';
import { acceptPendingLegal } from '@/lib/services/legal/accept-pending-legal';
import { findPendingLegal } from '@/lib/services/legal/find-pending-legal';
import { getLegalDocument } from '@/lib/services/legal/get-legal-document';
import { type LegalDocuments, legalDocuments } from '@/lib/services/legal/legal-documents';
import { recordAcceptances } from '@/lib/services/legal/record-acceptances';
import { createAgentViaApi } from '@/test/agents';
import { uniqueEmail } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { acceptancesOf } from '@/test/legal';
import { signUpViaApi } from '@/test/sessions';
import { COMPLETE_PROFILE } from '@/test/worker-profiles';
import { GET as me } from './route';

// `pendingLegal` on GET /v1/users/me, and the acceptances recorded at sign-up and at worker profile creation.

const current = legalDocuments();

const pendingOf = async (token: string) => {
  const res = await call(me, '/v1/users/me', { token, ip: uniqueIp() });
  expect(res.status).toBe(200);
  return res.json.data.pendingLegal;
};

/** The loaded documents with one version moved on, as a new file in legal/ would. */
function bumped(slug: keyof LegalDocuments): LegalDocuments {
  return { ...current, [slug]: { ...getLegalDocument(slug), version: '2099-01-01' } };
}

describe('sign-up and pendingLegal', () => {
  it('POST /v1/users with acceptTerms records terms and privacy with the account', async () => {
    const ip = uniqueIp();
    const res = await call(signUp, '/v1/users', {
      ip,
      body: { email: uniqueEmail('legal-signup'), password: 'correct horse battery', acceptTerms: true },
    });
    expect(res.status).toBe(201);
    expect(await acceptancesOf(res.json.data.user.id)).toEqual([
      { slug: 'privacy', version: current.privacy.version, ip },
      { slug: 'terms', version: current.terms.version, ip },
    ]);
    expect(await pendingOf(res.json.data.session.token)).toEqual([]);
  });

  it('without acceptTerms the account is created and both documents stay pending', async () => {
    const person = await signUpViaApi('legal-pending');
    expect(await acceptancesOf(person.userId)).toEqual([]);
    expect(await pendingOf(person.token)).toEqual(['terms', 'privacy']);
  });

  it('acceptTerms: false is a 400 under the field and creates no account', async () => {
    const email = uniqueEmail('legal-refused');
    const res = await call(signUp, '/v1/users', {
      ip: uniqueIp(),
      body: { email, password: 'correct horse battery', acceptTerms: false },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.issues).toEqual([
      { path: ['acceptTerms'], message: 'Accept the Terms and the Privacy Policy to sign up' },
    ]);
    const again = await call(signUp, '/v1/users', {
      ip: uniqueIp(),
      body: { email, password: 'correct horse battery' },
    });
    expect(again.status).toBe(201);
  });

  it('an agent has nothing pending', async () => {
    const operator = await signUpViaApi('legal-operator');
    const agent = await createAgentViaApi(operator.token);
    expect(await pendingOf(agent.key)).toEqual([]);
  });
});

describe('worker profile creation and the worker agreement', () => {
  it('acceptWorkerAgreement records it with the profile; a worker without it has it pending', async () => {
    const accepted = await signUpViaApi('legal-worker');
    const ip = uniqueIp();
    const res = await call(createProfile, '/v1/workers', {
      token: accepted.token,
      ip,
      body: { ...COMPLETE_PROFILE, acceptWorkerAgreement: true },
    });
    expect(res.status).toBe(201);
    expect(await acceptancesOf(accepted.userId)).toEqual([
      { slug: 'worker-agreement', version: current['worker-agreement'].version, ip },
    ]);
    expect(await pendingOf(accepted.token)).toEqual(['terms', 'privacy']);

    const other = await signUpViaApi('legal-worker-pending');
    const plain = await call(createProfile, '/v1/workers', {
      token: other.token,
      ip: uniqueIp(),
      body: COMPLETE_PROFILE,
    });
    expect(plain.status).toBe(201);
    expect(await pendingOf(other.token)).toEqual(['terms', 'privacy', 'worker-agreement']);
  });

  it('a refused profile records no acceptance', async () => {
    const person = await signUpViaApi('legal-worker-refused');
    const res = await call(createProfile, '/v1/workers', {
      token: person.token,
      ip: uniqueIp(),
      body: { ...COMPLETE_PROFILE, hourlyRateCents: 5, acceptWorkerAgreement: true },
    });
    expect(res.status).toBe(400);
    expect(await acceptancesOf(person.userId)).toEqual([]);
  });
});

describe('a new version', () => {
  it('puts an accepted document back in pendingLegal until its new version is accepted', async () => {
    const person = await signUpViaApi('legal-bump');
    const { db } = await getDatabase();
    await recordAcceptances(db, { userId: person.userId, slugs: ['terms', 'privacy'] });
    expect(await pendingOf(person.token)).toEqual([]);

    const next = bumped('terms');
    expect(await findPendingLegal(db, { userId: person.userId, documents: next })).toEqual(['terms']);
    expect(await acceptPendingLegal(db, { userId: person.userId, ip: null, documents: next })).toEqual(['terms']);
    expect(await findPendingLegal(db, { userId: person.userId, documents: next })).toEqual([]);
    // The old version's row is still there: a new version is a new row.
    expect((await acceptancesOf(person.userId)).filter((row) => row.slug === 'terms')).toHaveLength(2);
  });
});
