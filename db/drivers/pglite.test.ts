import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from './pglite';

// Each test opens PGlite and applies every migration: about 20 s alone, past 30 s on a loaded two-core machine.
describe('embedded PGlite', { timeout: 120_000 }, () => {
  it('applies the migrations with the geo extensions loaded', async () => {
    const database = await openPglite('memory://');
    try {
      const [row] = await database.query<{ km: number }>(
        'geo_probe',
        'select round(earth_distance(ll_to_earth(52.52, 13.405), ll_to_earth(48.8566, 2.3522)) / 1000) as km',
        [],
      );
      expect(Number(row?.km)).toBe(878);
    } finally {
      await database.close();
    }
  });

  it('refuses a folder that another live process holds, and releases its own lock on close', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'legwork-lock-'));
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(path.join(dir, 'legwork.lock'), String(other.pid));
      await expect(openPglite(dir)).rejects.toThrow(`is in use by process ${other.pid}`);
    } finally {
      const exited = new Promise((resolve) => other.once('exit', resolve));
      other.kill();
      await exited;
    }

    // A lock left by a process that has exited is taken over.
    const database = await openPglite(dir);
    expect(readFileSync(path.join(dir, 'legwork.lock'), 'utf8')).toBe(String(process.pid));
    await database.close();
    expect(existsSync(path.join(dir, 'legwork.lock'))).toBe(false);
  });
});
