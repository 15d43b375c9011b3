import { createECDH, randomBytes } from 'node:crypto';
import { uniqueEmail } from '@/test/factories';
import { PNG_BYTES } from '@/test/worker-profiles';

/** What a sample may use: the suite's signed-up human. */
export type SampleFixtures = { email: string; password: string };

/** A request body that passes the operation's schema, so the retry reaches the idempotency step. */
export type ReplaySample = { body: (fixtures: SampleFixtures) => unknown } | { form: () => FormData };

const TASK = { title: 'Contract suite task', budgetCents: 500 };
const USER_EMAIL = uniqueEmail('contract-new');
const BOOKING_START = new Date(Date.now() + 86_400_000).toISOString();
const PUSH_SUBSCRIPTION = {
  endpoint: `https://push.example.com/contract/${randomBytes(8).toString('hex')}`,
  keys: {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
};
const SERIES_START = new Date(Date.now() + 7 * 86_400_000).toISOString();

/**
 * One valid body per idempotent operation that reads one, keyed by operationId. The contract suite fails for an
 * idempotent operation missing here, so a new one cannot skip the replay check. The answer need not be a
 * success: a 404 for an unknown task is stored and replayed like a 201.
 */
export const replaySamples: Record<string, ReplaySample> = {
  createUser: { body: () => ({ email: USER_EMAIL, password: 'correct horse battery' }) },
  createSession: { body: ({ email, password }) => ({ email, password }) },
  acceptLegalDocument: { body: () => ({ slug: 'terms', version: 'no-such-version' }) },
  verifyEmail: { body: () => ({ token: 'no-such-link' }) },
  verifyPhone: { body: () => ({ code: '000000' }) },
  createPushSubscription: { body: () => PUSH_SUBSCRIPTION },
  requestPasswordReset: { body: ({ email }) => ({ email }) },
  confirmPasswordReset: { body: () => ({ token: 'no-such-link', password: 'another horse battery' }) },
  createApiKey: { body: () => ({ name: 'contract key', scopes: ['tasks:read'] }) },
  createAgent: { body: () => ({ name: 'contract agent' }) },
  registerAgent: { body: () => ({ code: 'NONE-SUCH', name: 'contract agent' }) },
  proposeTask: { body: () => ({ task: TASK }) },
  createTask: { body: () => ({ ...TASK, draft: true }) },
  createTaskSeries: {
    body: () => ({
      template: TASK,
      firstOccurrenceAt: SERIES_START,
      cadence: { kind: 'weekly', days: ['mon'], intervalWeeks: 1 },
      count: 4,
    }),
  },
  skipTaskSeriesOccurrence: { body: () => ({ occurrenceAt: SERIES_START }) },
  createService: {
    body: () => ({ title: 'Contract errands', category: 'errand', priceCents: 3_500, durationMinutes: 60, area: null }),
  },
  bookService: { body: () => ({ startsAt: BOOKING_START }) },
  submitProof: { body: () => ({ note: 'done' }) },
  requestRevision: { body: () => ({ reason: 'again' }) },
  cancelTask: { body: () => ({ maxFeeCents: 0 }) },
  disputeTask: { body: () => ({ reason: 'not done' }) },
  resolveDispute: { body: () => ({ outcome: 'refund' }) },
  addDisputeEvidence: { body: () => ({ text: 'the photos' }) },
  resolveDisputeById: { body: () => ({ outcome: 'refund', note: 'both sides heard' }) },
  createReview: { body: () => ({ rating: 5 }) },
  createOffer: { body: () => ({ priceCents: 1_500, message: 'I can do it today' }) },
  tipTask: { body: () => ({ amountCents: 500 }) },
  setWorkerListing: { body: () => ({ isListed: false }) },
  createWorkerProfile: { body: () => ({ displayName: 'Contract Worker' }) },
  createUpload: { form: uploadForm },
  postTaskMessage: { body: () => ({ body: 'hello' }) },
  markTaskThreadRead: { body: () => ({}) },
  createWait: {
    body: () => ({ kind: 'task_status', taskId: '00000000-0000-4000-8000-000000000000', statuses: ['posted'] }),
  },
  createClaimWait: { body: () => ({}) },
  markNotificationsRead: { body: () => ({ all: true }) },
  // Plain http is refused before any DNS lookup, so the sample never touches the network.
  createWebhookEndpoint: { body: () => ({ url: 'http://example.com/hooks/contract' }) },
  simulateSandboxWorker: { body: () => ({ action: 'accept' }) },
  replyToIntakeConversation: { body: () => ({ body: 'hello' }) },
  convertIntakeConversation: { body: () => ({ task: TASK }) },
  sendFeedback: { body: () => ({ kind: 'idea', message: 'Contract suite feedback' }) },
  suspendUser: { body: () => ({ reason: 'contract suite' }) },
};

function uploadForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG_BYTES)], { type: 'image/png' }), 'photo.png');
  return form;
}
