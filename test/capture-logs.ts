import { vi } from 'vitest';

let levelBefore: string | undefined;

/** Sends every log line at `level` and above into the returned array instead of the console, until `restoreLogs()`. */
export function captureLogs(level: 'debug' | 'info' | 'warn' | 'error'): string[] {
  const logged: string[] = [];
  levelBefore = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = level;
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
  }
  return logged;
}

/** Puts the console and LOG_LEVEL back (call it in an `afterEach`). */
export function restoreLogs(): void {
  vi.restoreAllMocks();
  if (levelBefore === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = levelBefore;
}
