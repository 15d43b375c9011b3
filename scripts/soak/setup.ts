import type { Database } from '@/db/client';
import { completeTestOnboarding, finishTestIdentity } from '@/lib/payments/test-mode/complete-test-flows';
import { confirmTestSetup } from '@/lib/payments/test-mode/confirm-test-setup';
import type { Balancer } from './http';
import type { Receivers } from './receivers';

// The soak's cast, made through the API as people and agents make it: operators (email verified through the dev
// mailbox), several agents each with their own key, operator keys, webhook endpoints on the local receivers,
// a card for some operators (the test-mode card page's step is called directly: it is a page a human fills in),
// and an admin who resolves disputes.

export const ADMIN_EMAIL = 'soak-admin@example.com';
const PASSWORD = 'correct horse battery soak';

export type Agent = { id: string; name: string; key: string; ip: string; operator: Operator };
export type Operator = {
  index: number;
  id: string;
  email: string;
  session: string;
  ip: string;
  keys: string[];
  agents: Agent[];
  hasCard: boolean;
  endpoint?: { id: string; receiver: string };
};
/** A listed human worker offering a remote service, which agents book (a booking is an accepted task). */
export type Worker = { id: string; session: string; ip: string; serviceId: string };
export type Cast = {
  operators: Operator[];
  agents: Agent[];
  admin: { session: string; ip: string };
  worker: Worker;
};

type Data<T> = { data: T };

export async function castActors(
  http: Balancer,
  database: Database,
  receivers: Receivers,
  options: { operators: number; agentsPerOperator: number; keysPerOperator: number; mailbox: () => string },
): Promise<Cast> {
  const admin = await signUp(http, ADMIN_EMAIL, options.mailbox);
  const operators: Operator[] = [];
  for (let index = 0; index < options.operators; index++) {
    const email = `soak-operator-${index}-${Date.now()}@example.com`;
    const person = await signUp(http, email, options.mailbox);
    const operator: Operator = { index, ...person, email, keys: [], agents: [], hasCard: index % 3 !== 2 };
    for (let k = 0; k < options.keysPerOperator; k++) {
      const key = await expect<Data<{ key: string }>>(http, 201, 'setup.createKey', '/v1/operators/me/keys', {
        token: operator.session,
        ip: operator.ip,
        body: { name: `soak key ${k}` },
      });
      operator.keys.push(key.data.key);
    }
    for (let a = 0; a < options.agentsPerOperator; a++) {
      const created = await expect<Data<{ id: string; apiKey: { key: string } }>>(
        http,
        201,
        'setup.createAgent',
        '/v1/operators/me/agents',
        { token: operator.session, ip: operator.ip, body: { name: `soak agent ${index}.${a}` } },
      );
      operator.agents.push({
        id: created.data.id,
        name: `agent ${index}.${a}`,
        key: created.data.apiKey.key,
        ip: http.uniqueIp(),
        operator,
      });
    }
    if (operator.hasCard) await addCard(http, database, operator);
    const receiver = receivers.names[index % receivers.names.length] ?? 'steady';
    const hook = await expect<Data<{ id: string }>>(http, 201, 'setup.createWebhook', '/v1/webhooks', {
      token: operator.keys[0],
      ip: operator.ip,
      body: { url: receivers.url(receiver, index) },
    });
    operator.endpoint = { id: hook.data.id, receiver };
    operators.push(operator);
  }
  const worker = await castWorker(http, database, options.mailbox);
  return {
    operators,
    agents: operators.flatMap((o) => o.agents),
    admin: { session: admin.session, ip: admin.ip },
    worker,
  };
}

/** Profile, ID check and payout onboarding (their test-mode pages called directly), listing, one service. */
async function castWorker(http: Balancer, database: Database, mailbox: () => string): Promise<Worker> {
  const person = await signUp(http, `soak-worker-${Date.now()}@example.com`, mailbox);
  const as = { token: person.session, ip: person.ip };
  await expect(http, 201, 'setup.createWorker', '/v1/workers', {
    ...as,
    body: {
      displayName: 'Soak Worker',
      headline: 'Errands, any time',
      skills: ['errands'],
      hourlyRateCents: 2_500,
      location: { lat: 52.52, lng: 13.405, city: 'Berlin', country: 'DE' },
      acceptWorkerAgreement: true,
    },
  });
  const identity = await expect<Data<{ sessionId: string }>>(http, 200, 'setup.verify', '/v1/workers/me/verify', {
    ...as,
    method: 'POST',
  });
  await finishTestIdentity(database.db, identity.data.sessionId, 'verified');
  const payouts = await expect<Data<{ onboardingUrl: string }>>(
    http,
    201,
    'setup.payouts',
    '/v1/payments/payout-account',
    { ...as, method: 'POST' },
  );
  await completeTestOnboarding(database.db, payouts.data.onboardingUrl.split('/').pop() ?? '');
  await expect(http, 200, 'setup.list', '/v1/workers/me/listing', { ...as, body: { isListed: true } });
  const service = await expect<Data<{ id: string }>>(http, 201, 'setup.createService', '/v1/services', {
    ...as,
    body: { title: 'Soak errands', category: 'errand', priceCents: 3_000, durationMinutes: 30, area: null },
  });
  return { id: person.id, session: person.session, ip: person.ip, serviceId: service.data.id };
}

async function signUp(http: Balancer, email: string, mailbox: () => string) {
  const ip = http.uniqueIp();
  const user = await expect<Data<{ user: { id: string }; session: { token: string } }>>(
    http,
    201,
    'setup.signUp',
    '/v1/users',
    { ip, body: { email, password: PASSWORD } },
  );
  const session = user.data.session.token;
  const token = await verificationToken(mailbox(), email, ip);
  await expect(http, 200, 'setup.verifyEmail', '/v1/users/me/email/verify', { token: session, ip, body: { token } });
  return { id: user.data.user.id, session, ip };
}

async function addCard(http: Balancer, database: Database, operator: Operator) {
  const setup = await expect<Data<{ setupUrl: string }>>(http, 201, 'setup.walletSetup', '/v1/payments/wallet/setup', {
    token: operator.session,
    ip: operator.ip,
    body: {},
  });
  const intentId = setup.data.setupUrl.split('/').pop() ?? '';
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };
  const confirmed = await confirmTestSetup(database.db, intentId, card);
  if (!confirmed.ok) throw new Error(`card for ${operator.email} refused: ${confirmed.message}`);
}

/** The newest verification link's token for `email`, read from an instance's /dev/mailbox page. */
async function verificationToken(base: string, email: string, ip: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const html = await (await fetch(`${base}/dev/mailbox`, { headers: { 'x-forwarded-for': ip } })).text();
    for (const item of html.split('data-testid="email"').slice(1)) {
      if (!item.includes(`>${email}<`)) continue;
      const token = /\/verify-email\/([\w-]+)/.exec(item)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no verification email to ${email}`);
}

/** A setup call that must answer `status`; anything else stops the soak before it starts. */
export async function expect<T>(
  http: Balancer,
  status: number,
  op: string,
  path: string,
  options: Parameters<Balancer['call']>[2],
): Promise<T> {
  const answer = await http.call(op, path, options);
  if (answer.status !== status) {
    throw new Error(`${op}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`);
  }
  return answer.body as T;
}
