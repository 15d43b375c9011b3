import type { Check } from './checks';
import type { FaultLog } from './faults';
import type { Sample } from './http';

// The figures: per operation, the baseline (no faults) next to the chaos phase outside its fault windows, with a
// MISS where the chaos p99 is over twice the baseline's. Long polls wait by design and are shown, not judged.

type Figures = { count: number; ok: number; p50: number; p99: number };

function figures(samples: Sample[]): Figures {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
  return {
    count: samples.length,
    ok: samples.filter((s) => s.status >= 200 && s.status < 300).length,
    p50: at(0.5),
    p99: at(0.99),
  };
}

export function printFigures(
  samples: Sample[],
  faults: FaultLog,
  seconds: { baseline: number; chaos: number },
): string[] {
  const misses: string[] = [];
  const baseline = samples.filter((s) => s.phase === 'baseline');
  const chaos = samples.filter((s) => s.phase === 'chaos');
  const calm = chaos.filter((s) => !faults.inside(s.at, ['sigkill', 'sigterm', 'pg-restart', 'listen-kill']));
  const ops = [...new Set([...baseline, ...chaos].map((s) => s.op))].sort();
  const rate = (f: Figures, secs: number) => (secs > 0 ? (f.ok / secs).toFixed(1) : '-');
  console.log(
    `\n${'operation'.padEnd(22)} ${'baseline: 2xx/s   p50    p99'.padStart(30)} ${'chaos: 2xx/s   p50    p99'.padStart(28)} ${'p99 calm'.padStart(9)}`,
  );
  const row = (op: string, b: Figures, c: Figures, quiet: Figures) => {
    const miss = !op.startsWith('await') && b.count >= 20 && quiet.count >= 20 && quiet.p99 > 2 * b.p99;
    if (miss)
      misses.push(`${op}: p99 ${quiet.p99.toFixed(0)} ms outside fault windows vs ${b.p99.toFixed(0)} ms baseline`);
    console.log(
      `${op.padEnd(22)} ${rate(b, seconds.baseline).padStart(13)} ${b.p50.toFixed(0).padStart(6)} ${b.p99.toFixed(0).padStart(6)}` +
        `   ${rate(c, seconds.chaos).padStart(11)} ${c.p50.toFixed(0).padStart(6)} ${c.p99.toFixed(0).padStart(6)} ${quiet.p99.toFixed(0).padStart(9)}${miss ? '  MISS' : ''}`,
    );
  };
  for (const op of ops) {
    row(
      op,
      figures(baseline.filter((s) => s.op === op)),
      figures(chaos.filter((s) => s.op === op)),
      figures(calm.filter((s) => s.op === op)),
    );
  }
  row('all', figures(baseline), figures(chaos), figures(calm));
  console.log('\nfaults:');
  for (const w of faults.windows) {
    console.log(
      `  ${w.kind.padEnd(12)} ${w.target.padEnd(8)} window ${((w.end - w.start) / 1000).toFixed(1)} s: ${w.detail}`,
    );
  }
  return misses;
}

export function printChecks(checks: Check[], misses: string[]): void {
  console.log('\nchecks:');
  for (const c of checks) {
    console.log(`${c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.figures}`);
    for (const detail of c.details) console.log(`      ${detail}`);
  }
  for (const miss of misses) console.log(`MISS  ${miss}`);
}
