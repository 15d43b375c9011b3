import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { signInByCookie } from '@/test/browser-session';
import { insertPastTasks } from '@/test/coverage';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { insertUser } from '@/test/factories';
import { uniqueIp } from '@/test/http';
import { runAppRoute } from '@/test/next-route';
import { insertListedWorker, oceanPoint, offset } from '@/test/worker-search';
import { quoteCoverageFromForm } from './coverage-actions';

// The task form's "Coverage here", called the way a browser calls a server action: inside Next's request scope
// with the session cookie.

envForFile(NEXT_AUTH_TEST_ENV);

async function post(act: () => Promise<unknown>) {
  const { db } = await getDatabase();
  const user = await insertUser(db, { password: 'correct horse battery' });
  const request = new Request('http://localhost:3000/dashboard/tasks/new', {
    method: 'POST',
    headers: { cookie: await signInByCookie(user.id), 'x-legwork-peer-address': uniqueIp() },
  });
  const answer = async () => Response.json(await act());
  const res = await runAppRoute({ POST: answer }, '/dashboard/tasks/new', request);
  expect(res.status, res.text).toBe(200);
  return res.json;
}

describe('quoteCoverageFromForm', () => {
  it('words the quote of the place picked, with the category and the known skills typed', async () => {
    const centre = oceanPoint();
    await insertListedWorker(offset(centre, 1_000), { skills: ['car', 'delivery'] });
    await insertListedWorker(offset(centre, 2_000), { skills: ['delivery'] });
    await insertPastTasks(
      [10, 20, 30, 40, 50, 60].map((minutes) => ({
        at: offset(centre, minutes * 10),
        acceptedAfterMinutes: minutes,
        budgetCents: minutes * 100,
        category: 'pickup',
      })),
    );
    const line = await post(() =>
      quoteCoverageFromForm({ ...centre, category: 'pickup', skills: 'Car, delivery, rope access' }),
    );
    expect(line).toEqual({
      workers: '2 listed workers within 10 km, 2 available now, 1 with your skills',
      history: 'usually accepted in ~35 min · similar tasks paid $35.00 (medium confidence, 6 tasks)',
      ignoredSkills: ['rope access'],
    });
  });

  it('says when a place has no history', async () => {
    const line = await post(() => quoteCoverageFromForm({ ...oceanPoint(), category: 'other', skills: '' }));
    expect(line).toEqual({
      workers: '0 listed workers within 10 km, 0 available now',
      history: 'Not enough history here yet',
      ignoredSkills: [],
    });
  });

  it('gives no quote for a place out of range', async () => {
    expect(await post(() => quoteCoverageFromForm({ lat: 91, lng: 0, category: 'other', skills: '' }))).toBeNull();
  });
});
