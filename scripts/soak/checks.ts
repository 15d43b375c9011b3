import { leases, listeners, webhooks } from './check-jobs';
import { acknowledgedWrites, ledger, nothingTwice, paymentsOnTheBooks } from './check-stored';
import type { FaultLog } from './faults';
import type { Sample } from './http';
import { type Check, check, type Inputs } from './verdict';

// The end-of-run checks: what the clients were told (the journal, the samples) against what the database
// holds. Each gives a PASS or FAIL line with its figures; this file holds those about the answers themselves.

export type { Check } from './verdict';

const REFUSED = 'ECONNREFUSED';

export async function runChecks(inputs: Inputs): Promise<Check[]> {
  return [
    serverErrors(inputs),
    deploys(inputs),
    await acknowledgedWrites(inputs),
    await nothingTwice(inputs),
    await ledger(inputs),
    await paymentsOnTheBooks(inputs),
    await webhooks(inputs),
    longPolls(inputs),
    await leases(inputs),
    await listeners(inputs),
  ];
}

/** No 5xx at all; a failed connection only while its instance was being killed (or refused, then sent elsewhere). */
function serverErrors({ samples, faults }: Inputs): Check {
  const fiveXx = samples.filter((s) => s.status >= 500);
  const dropped = samples.filter((s) => s.status === 0);
  const excused = dropped.filter(
    (s) =>
      s.error === REFUSED ||
      faults.inside(s.at, ['sigkill'], s.instance) ||
      faults.inside(s.at + s.ms, ['sigkill'], s.instance),
  );
  const details = [
    ...fiveXx.map((s) => `${s.status} on ${s.op} (${s.instance}, ${s.phase}${windowOf(faults, s)})`),
    ...dropped
      .filter((s) => !excused.includes(s))
      .map((s) => `connection ${s.error} on ${s.op} (${s.instance}, ${s.phase}${windowOf(faults, s)})`),
  ];
  return check(
    'no 5xx; connection errors only during a kill',
    details,
    `${samples.length} answers, ${fiveXx.length} 5xx, ${dropped.length} connection errors (${excused.length} in a kill window or refused)`,
  );
}

function windowOf(faults: FaultLog, sample: Sample): string {
  // When it ended: a request fails when the fault strikes, not when it was sent.
  const window = faults.inside(sample.at + sample.ms, ['sigkill', 'sigterm', 'pg-restart', 'listen-kill']);
  return window ? `, during ${window.kind} of ${window.target}` : '';
}

/** A deploy (SIGTERM) exits 0 within the grace period + 2 s, and no client of that instance sees a reset. */
function deploys({ samples, faults, graceSeconds }: Inputs): Check {
  const details: string[] = [];
  for (const deploy of faults.deploys) {
    if (deploy.code !== 0) details.push(`${deploy.target} exited with ${deploy.code}`);
    if (deploy.ms > (graceSeconds + 2) * 1000) details.push(`${deploy.target} took ${deploy.ms} ms to exit`);
  }
  const resets = samples.filter(
    (s) => s.status === 0 && s.error !== REFUSED && faults.inside(s.at + s.ms, ['sigterm'], s.instance),
  );
  for (const s of resets.slice(0, 5)) details.push(`${s.op} on ${s.instance}: ${s.error}`);
  const exits = faults.deploys.map((d) => `${(d.ms / 1000).toFixed(1)} s`).join(', ') || 'none';
  return check(
    'a deploy (SIGTERM) drops nobody',
    details,
    `${faults.deploys.length} deploys, exit after ${exits}; ${resets.length} resets`,
  );
}

/** Each worker message acknowledged was seen by the agent's waiter, or by its next poll from the cursor. */
function longPolls({ journal }: Inputs): Check {
  const details: string[] = [];
  let sent = 0;
  let woken = 0;
  let caught = 0;
  for (const poll of journal.polls.values()) {
    for (const id of poll.sent) {
      sent += 1;
      if (poll.woken.has(id)) woken += 1;
      else if (poll.caught.has(id)) caught += 1;
      else details.push(`message ${id} on task ${poll.taskId} was never seen by the long poll`);
    }
  }
  return check(
    'no long poll missed a message',
    details,
    `${sent} messages: ${woken} woke a waiter, ${caught} caught by the next poll`,
  );
}
