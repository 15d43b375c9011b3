import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { POST as createProfile } from '@/app/v1/workers/route';
import { resetEnvCache } from '@/lib/env';
import { envelope } from './expect';
import { call, uniqueIp } from './http';
import { signUpViaApi } from './sessions';

export const COMPLETE_PROFILE = {
  displayName: 'Ada L.',
  headline: 'Errands and heavy lifting',
  bio: 'Ten years of moving things carefully.',
  skills: ['moving', 'assembly'],
  hourlyRateCents: 2500,
  location: { lat: 48.8566, lng: 2.3522, city: 'Paris', country: 'FR' },
  defaultRadiusMeters: 10_000,
  isAvailable: true,
};

/** A fresh user with a worker profile made through POST /v1/workers. */
export async function createWorkerViaApi(body: Record<string, unknown> = COMPLETE_PROFILE) {
  const user = await signUpViaApi('worker');
  const res = await call(createProfile, '/v1/workers', { token: user.token, ip: uniqueIp(), body });
  expect(res.status).toBe(201);
  return { ...user, workerId: res.json.data.id as string, profile: res.json.data };
}

/** The smallest valid PNG (1×1), for uploads. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A multipart request carrying one `file` part, with its Content-Length as browsers and HTTP clients send it (the
 * upload admission reserves that many bytes; a body without it reserves the most a body may be).
 */
export function uploadRequest(
  bytes: Uint8Array,
  options: { token?: string; filename?: string; type?: string; fields?: Record<string, string> } = {},
) {
  const boundary = `legwork-test-${Math.random().toString(16).slice(2)}`;
  const fields = Object.entries(options.fields ?? {}).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const body = Buffer.concat([
    ...fields,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename ?? 'photo.png'}"\r\n` +
        `Content-Type: ${options.type ?? 'image/png'}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = new Headers({
    'x-legwork-peer-address': uniqueIp(),
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(body.byteLength),
  });
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  return new Request('http://localhost:3000/v1/uploads', { method: 'POST', body, headers });
}

/** The 403 an API key gets from a session-only operation. */
export const SESSION_ONLY_BODY = envelope('FORBIDDEN', {
  message: 'This operation requires a session token',
  hint: 'Sign in as a human (POST /v1/auth/sessions) and send the session token; API keys cannot call it.',
});

/** Points DATA_DIR at a fresh temporary directory for the file, so uploads never pile up in .data. */
export function withTemporaryDataDir() {
  let dir = '';
  const saved = process.env.DATA_DIR;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'legwork-uploads-'));
    process.env.DATA_DIR = dir;
    resetEnvCache();
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = saved;
    resetEnvCache();
    await rm(dir, { recursive: true, force: true });
  });
}
