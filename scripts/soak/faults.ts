import type { Cluster } from './cluster';
import { sleep } from './http';
import type { Managed } from './processes';

// The faults, at random times inside the chaos phase, one after the other: SIGKILL of one instance (then a
// restart), SIGTERM of the other (a deploy: restarted once it has gone), a PostgreSQL restart, and the LISTEN
// connection killed. Each leaves a window (from the fault until the system is whole again, plus a margin) that
// the checks use to tell an expected connection error from a real one.

export type FaultKind = 'sigkill' | 'sigterm' | 'pg-restart' | 'listen-kill';
export const ALL_FAULTS: FaultKind[] = ['sigkill', 'sigterm', 'pg-restart', 'listen-kill'];

export type Window = { kind: FaultKind; target: string; start: number; end: number; detail: string };

const MARGIN_MS = 2_000;

/**
 * A backend that is a LISTEN connection (db/drivers/pg-listener.ts names its connections; its last statement may be
 * its `select pg_backend_pid()`, not a LISTEN).
 */
export const LISTENER = `(application_name = 'legwork-listener' or query ilike 'listen%')`;

export class FaultLog {
  readonly windows: Window[] = [];
  /** SIGTERM: how long the instance took to exit, and its exit code. */
  readonly deploys: { target: string; ms: number; code: number | null }[] = [];

  inside(at: number, kinds: FaultKind[], target?: string): Window | undefined {
    return this.windows.find(
      (w) => kinds.includes(w.kind) && at >= w.start && at <= w.end && (!target || w.target === target),
    );
  }
}

type Targets = { killed: Managed; deployed: Managed; cluster: Cluster };

/** Runs `kinds` at random moments of [now, now + seconds), each in its own slot so they never overlap. */
export async function runFaults(kinds: FaultKind[], seconds: number, targets: Targets, log: FaultLog): Promise<void> {
  const startedAt = Date.now();
  const slot = (seconds * 1000) / Math.max(1, kinds.length);
  for (const [index, kind] of kinds.entries()) {
    // Somewhere in the first half of the slot, so the recovery fits in the rest of it.
    const due = startedAt + index * slot + Math.random() * slot * 0.5;
    await sleep(Math.max(0, due - Date.now()));
    const start = Date.now();
    const { target, detail } = await inject(kind, targets, log);
    log.windows.push({ kind, target, start, end: Date.now() + MARGIN_MS, detail });
  }
}

async function inject(kind: FaultKind, { killed, deployed, cluster }: Targets, log: FaultLog) {
  switch (kind) {
    case 'sigkill': {
      await killed.signal('SIGKILL');
      const down = Date.now();
      await killed.start();
      return { target: killed.name, detail: `down ${((Date.now() - down) / 1000).toFixed(1)} s` };
    }
    case 'sigterm': {
      const { code, ms } = await deployed.signal('SIGTERM');
      log.deploys.push({ target: deployed.name, ms, code });
      await deployed.start();
      return { target: deployed.name, detail: `exited ${code} after ${(ms / 1000).toFixed(1)} s` };
    }
    case 'pg-restart': {
      const started = Date.now();
      cluster.restart();
      return { target: 'postgres', detail: `restarted in ${((Date.now() - started) / 1000).toFixed(1)} s` };
    }
    case 'listen-kill': {
      // Right after a PostgreSQL restart the listeners may still be reconnecting: give them 10 s to come back.
      for (let waited = 0; ; waited += 500) {
        const rows = await cluster.query<{ pid: number }>(
          `select pg_terminate_backend(pid) as killed, pid from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and ${LISTENER}`,
        );
        if (rows.length > 0 || waited >= 10_000) {
          return { target: 'postgres', detail: `${rows.length} LISTEN connection(s) terminated` };
        }
        await sleep(500);
      }
    }
  }
}
