import { expect, test } from '../fixtures';

// Next buffers a server action's body before the action runs (and so before it checks who is signed in), with one
// global limit (next.config.ts, 1 MB). The pages' photos take POST /dashboard/uploads instead (e2e/ui/tasks.spec.ts
// and worker-onboarding.spec.ts upload through it).
const BIG = 'x'.repeat(2 * 1024 * 1024);

test('a server-action call declaring over 1 MB is refused by server.ts with 413 and a hint', async ({ request }) => {
  const res = await request.post('/worker/onboarding', {
    headers: { 'next-action': '0'.repeat(42) },
    multipart: { note: BIG },
  });
  expect(res.status()).toBe(413);
  expect(await res.json()).toEqual({
    error: {
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Form too large',
      hint: 'A form may send at most 1 MB; photos are uploaded on their own first (POST /dashboard/uploads).',
    },
  });
});

test('a form post to a page over 1 MB is cut off by Next’s own limit', async ({ request, baseURL }) => {
  const post = (note: string) =>
    request.post('/worker/onboarding', {
      headers: { origin: baseURL ?? '' },
      multipart: { $ACTION_ID_0: 'unknown', note },
      maxRedirects: 0,
    });
  expect((await post('small')).status()).not.toBe(500);
  // Next stops reading at 1 MB and answers 500 (its log: "Body exceeded 1048576 limit"); it cannot say 413.
  expect((await post(BIG)).status()).toBe(500);
});
