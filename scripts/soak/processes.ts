import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { sleep } from './http';

// The processes under test: production instances (`npm start`'s command line, run directly so a signal reaches
// node itself and not npm) and the job runner (`npm run worker`), each logging to a file of the run's directory.

const ROOT = path.resolve(import.meta.dirname, '../..');

export type ProcessEnv = Record<string, string>;

export class Managed {
  private child: ChildProcess | undefined;
  private exited: Promise<number | null> = Promise.resolve(null);
  /** Whether the balancer sends it requests: set when its health answers, cleared when it stops answering. */
  inRotation = false;
  starts = 0;

  constructor(
    readonly name: string,
    private readonly args: string[],
    private readonly env: ProcessEnv,
    private readonly logDir: string,
    readonly port?: number,
  ) {}

  get base(): string | undefined {
    return this.port && this.inRotation ? `http://127.0.0.1:${this.port}` : undefined;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    this.starts += 1;
    const log = createWriteStream(path.join(this.logDir, `${this.name}.${this.starts}.log`));
    const child = spawn(process.execPath, this.args, {
      cwd: ROOT,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    if (this.port) await this.waitHealthy(120_000);
  }

  /** Sends `signal`; resolves with the exit code and how long the process took to go. */
  async signal(signal: NodeJS.Signals): Promise<{ code: number | null; ms: number }> {
    const started = Date.now();
    if (signal === 'SIGKILL') this.inRotation = false;
    this.child?.kill(signal);
    const code = await this.exited;
    this.inRotation = false;
    return { code, ms: Date.now() - started };
  }

  /** Polls health like a load balancer's check: in rotation while it answers 200. */
  async healthy(): Promise<boolean> {
    if (!this.port || !this.running) return false;
    try {
      const response = await fetch(`http://127.0.0.1:${this.port}/v1/health`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      return response.status === 200;
    } catch {
      return false;
    }
  }

  private async waitHealthy(timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`${this.name} exited while starting (see ${this.logDir})`);
      if (await this.healthy()) {
        this.inRotation = true;
        return;
      }
      await sleep(300);
    }
    throw new Error(`${this.name} not healthy after ${timeoutMs / 1000} s (see ${this.logDir})`);
  }
}

export function instance(name: string, port: number, env: ProcessEnv, logDir: string): Managed {
  const args = ['--max-semi-space-size=128', '--import', 'tsx', 'server.ts', '-p', String(port), '-H', '127.0.0.1'];
  return new Managed(name, args, env, logDir, port);
}

export function jobRunner(env: ProcessEnv, logDir: string): Managed {
  return new Managed('worker', ['--import', 'tsx', 'scripts/worker.ts'], env, logDir);
}

/** The load balancer's health checks: every 500 ms, each instance in rotation while its health answers 200. */
export function checkHealthEvery(instances: Managed[], ms = 500): () => void {
  let stopped = false;
  const loop = async () => {
    while (!stopped) {
      await Promise.all(
        instances.map(async (managed) => {
          managed.inRotation = await managed.healthy();
        }),
      );
      await sleep(ms);
    }
  };
  void loop();
  return () => {
    stopped = true;
  };
}
