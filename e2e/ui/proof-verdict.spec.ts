import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { makeJpeg, type PhotoExif } from '../../test/jpeg';
import { expect, test } from '../fixtures';
import { becomeListedWorker, operatorWithAgent } from './steps';

// Issue 37: proof you can trust. A worker takes a photo in the app (a real JPEG with EXIF GPS and time, and the
// browser's position), sees the verdict before submitting, and the requester sees it as a badge and each check in
// words; a photo without metadata is warned about as unverified, and the Approve confirmation repeats that.

const WIDTHS = [1280, 390] as const;
const PLACE = { lat: 45.7605, lng: 4.8412 };
const SHOTS = path.join(process.cwd(), 'docs', 'screenshots');

/** A task at PLACE (the exact spot), posted by the agent, asking for a photo. */
async function postTask(request: APIRequestContext, authorization: string, title: string) {
  const res = await request.post('/v1/tasks', {
    headers: { authorization },
    data: {
      title,
      category: 'photography',
      budgetCents: 2_000,
      proofRequirements: ['photo'],
      location: { ...PLACE, address: 'Rue de la République, Lyon', precision: 'point' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.id as string;
}

/** A JPEG written to a fresh file (so its lastModified is now, as a camera's photo is). */
async function photoFile(name: string, seed: number, exif?: PhotoExif) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'legwork-proof-')), name);
  writeFileSync(file, await makeJpeg({ seed, exif }));
  return file;
}

async function acceptTask(workerPage: Page, taskId: string) {
  await workerPage.goto(`/worker/tasks/${taskId}`);
  await workerPage.getByRole('button', { name: 'Accept task' }).click();
  await expect(workerPage.getByTestId('task-status')).toHaveText('accepted');
}

test('a photo taken in the app at the place passes, and the requester sees every check', async ({
  page,
  workerPage,
  request,
}) => {
  test.setTimeout(180_000);
  const { authorization } = await operatorWithAgent(page, 'proof-verdict');
  await workerPage.context().grantPermissions(['geolocation']);
  await workerPage.context().setGeolocation({ latitude: PLACE.lat + 0.0002, longitude: PLACE.lng, accuracy: 12 });
  await becomeListedWorker(workerPage);

  for (const [index, width] of WIDTHS.entries()) {
    await workerPage.setViewportSize({ width, height: 900 });
    const taskId = await postTask(request, authorization, `Shop front at ${width} ${Date.now()}`);
    await acceptTask(workerPage, taskId);

    const form = workerPage.getByTestId('proof-form');
    const shot = await photoFile('front.jpg', 10 + index, {
      takenAt: new Date(),
      gps: { lat: PLACE.lat + 0.0003, lng: PLACE.lng + 0.0002, accuracyMeters: 8 },
      make: 'Legwork',
      model: 'Test camera',
    });
    await form.getByLabel('Take a photo').setInputFiles(shot);
    await expect(form.getByTestId('photo-source')).toHaveText('Taken now');
    await expect(form.getByTestId('photo-state')).toHaveText('Uploaded, with your position');
    await form.getByLabel('Note').fill('The shop front, from across the street.');

    // The verdict before submitting: every check passes.
    const outlook = form.getByTestId('proof-outlook');
    await expect(outlook).toHaveAttribute('data-status', 'passed');
    await expect(outlook).toContainText('Your proof passes every check');
    await expect(form.getByTestId('proof-warning')).toHaveCount(0);
    await outlook.getByText('What the requester will see').click();
    await expect(outlook.getByTestId('verdict-status')).toHaveText('Passed');
    expect(await workerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (width === 390) {
      await outlook.scrollIntoViewIfNeeded();
      await workerPage.screenshot({ path: path.join(SHOTS, 'proof-verdict-worker-390.png') });
    }
    await form.getByRole('button', { name: 'Submit proof', exact: true }).click();
    await expect(workerPage.getByTestId('task-status')).toHaveText('submitted');

    // The requester: a Passed badge by the proof, and each check in words.
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/dashboard/tasks/${taskId}`);
    const evidence = page.getByTestId('task-evidence');
    await expect(evidence.getByTestId('verdict-status')).toHaveText('Passed');
    const checks = evidence.getByTestId('verdict-check');
    await expect(checks).toHaveCount(5);
    for (const result of await checks.evaluateAll((items) => items.map((item) => item.getAttribute('data-result')))) {
      expect(result).toBe('pass');
    }
    await expect(checks.filter({ hasText: 'Place:' })).toContainText('from the task’s place');
    await expect(checks.filter({ hasText: 'Taken in the app:' })).toContainText('Taken with the camera');
    // A passed proof adds no warning to the Approve confirmation.
    await page.getByRole('button', { name: 'Approve and pay' }).click();
    await expect(page.getByTestId('confirmation')).toBeVisible();
    await expect(page.getByTestId('approve-warning')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (width === 1280)
      await page.screenshot({ path: path.join(SHOTS, 'proof-verdict-requester.png'), fullPage: true });
  }
});

test('a photo without metadata is warned about as unverified, and the requester is told before paying', async ({
  page,
  workerPage,
  request,
}) => {
  test.setTimeout(150_000);
  const { authorization } = await operatorWithAgent(page, 'proof-unverified');
  await becomeListedWorker(workerPage);
  await workerPage.setViewportSize({ width: 390, height: 900 });
  const taskId = await postTask(request, authorization, `Bare photo ${Date.now()}`);
  await acceptTask(workerPage, taskId);
  const form = workerPage.getByTestId('proof-form');

  // A gallery photo is allowed, and said to be one.
  await form.getByLabel('Choose photos from gallery').setInputFiles(await photoFile('old.jpg', 30));
  await expect(form.getByTestId('photo-source')).toHaveText('From gallery');
  await expect(form.getByTestId('proof-outlook')).toHaveAttribute('data-status', 'flagged');
  await expect(form.getByTestId('proof-warning').filter({ hasText: 'gallery' })).toContainText('It will be flagged');
  await form.getByRole('button', { name: 'Remove' }).click();

  // Taken in the app, but the browser may not tell where (no permission) and the file carries nothing.
  await form.getByLabel('Take a photo').setInputFiles(await photoFile('bare.jpg', 31));
  await expect(form.getByTestId('location-off')).toContainText('no position from the app', { timeout: 20_000 });
  const outlook = form.getByTestId('proof-outlook');
  await expect(outlook).toHaveAttribute('data-status', 'unverified');
  await expect(form.getByTestId('proof-warning').first()).toHaveText(
    'Photo 1 has no location: no GPS in the photo and none from the app. It will be marked unverified. ' +
      'Allow location for this site, then take it again?',
  );
  await outlook.scrollIntoViewIfNeeded();
  await workerPage.screenshot({ path: path.join(SHOTS, 'proof-verdict-unverified-390.png') });
  await form.getByRole('button', { name: 'Submit proof anyway' }).click();
  await expect(workerPage.getByTestId('task-status')).toHaveText('submitted');

  await page.goto(`/dashboard/tasks/${taskId}`);
  const evidence = page.getByTestId('task-evidence');
  await expect(evidence.getByTestId('verdict-status')).toHaveText('Unverified');
  await expect(evidence.locator('[data-testid="verdict-check"][data-result="unknown"]').first()).toContainText(
    'no location',
  );
  await page.getByRole('button', { name: 'Approve and pay' }).click();
  await expect(page.getByTestId('approve-warning')).toHaveText(
    /^This proof is unverified: photo 1 has no location.*Approve anyway\?$/,
  );
});
