import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { GET } from '@/app/v1/push/vapid-public-key/route';
import { withEnv } from '@/test/env';
import { call, uniqueIp } from '@/test/http';
import { VAPID_KEYS_FILE, vapidKeys } from './vapid-keys';

const run = promisify(execFile);
const UNSET = { VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined };
const freshDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'legwork-vapid-'));

describe('vapidKeys', () => {
  it('generates a pair once into DATA_DIR (readable by its owner only) and reads it back later', async () => {
    const dir = freshDir();
    const first = await withEnv({ ...UNSET, DATA_DIR: dir }, async () => vapidKeys());
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toMatch(/^mailto:.+@.+/);
    const file = path.join(dir, VAPID_KEYS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual([VAPID_KEYS_FILE]);
    const later = await withEnv({ ...UNSET, DATA_DIR: dir }, async () => vapidKeys());
    expect(later).toEqual(first);
  });

  it('uses VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT when set, and writes nothing', async () => {
    const dir = freshDir();
    const configured = webpush.generateVAPIDKeys();
    const keys = await withEnv(
      {
        DATA_DIR: dir,
        VAPID_PUBLIC_KEY: configured.publicKey,
        VAPID_PRIVATE_KEY: configured.privateKey,
        VAPID_SUBJECT: 'https://legwork.example/contact',
      },
      async () => vapidKeys(),
    );
    expect(keys).toEqual({ ...configured, subject: 'https://legwork.example/contact' });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('leaves one pair when several processes start at once on an empty DATA_DIR', async () => {
    const dir = freshDir();
    const script = "import('./lib/push/vapid-keys.ts').then((m) => process.stdout.write(m.vapidKeys().publicKey))";
    const outputs = await Promise.all(
      [1, 2, 3, 4].map(() =>
        run('npx', ['tsx', '-e', script], {
          cwd: process.cwd(),
          env: { ...process.env, ...UNSET, DATA_DIR: dir, LOG_LEVEL: 'silent' },
        }),
      ),
    );
    const stored = JSON.parse(fs.readFileSync(path.join(dir, VAPID_KEYS_FILE), 'utf8')) as { publicKey: string };
    expect(outputs.map((output) => output.stdout)).toEqual([1, 2, 3, 4].map(() => stored.publicKey));
    expect(fs.readdirSync(dir)).toEqual([VAPID_KEYS_FILE]);
  }, 60_000);

  it('serves the public key at GET /v1/push/vapid-public-key without a sign-in', async () => {
    const dir = freshDir();
    const res = await withEnv({ ...UNSET, DATA_DIR: dir }, () =>
      call(GET, '/v1/push/vapid-public-key', { ip: uniqueIp() }),
    );
    expect(res.status, res.text).toBe(200);
    const stored = JSON.parse(fs.readFileSync(path.join(dir, VAPID_KEYS_FILE), 'utf8')) as { publicKey: string };
    expect(res.json).toEqual({ data: { publicKey: stored.publicKey } });
  });
});
