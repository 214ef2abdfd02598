import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { dataRoot, demoPassword, gatewayBinary, webDir } from './environment';

async function serving(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited early with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/settings.json`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`gateway at ${url} did not start`);
}

/**
 * A gateway of its own that a journey can freeze, kill and start again on the same port and data,
 * as an outage or a restart would.
 */
export class RestartableGateway {
  readonly url: string;
  private child: ChildProcess | null = null;
  private readonly data: string;

  constructor(
    name: string,
    private readonly port: number,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.data = resolve(dataRoot, `${name}-${port}`);
    rmSync(this.data, { recursive: true, force: true });
    mkdirSync(this.data, { recursive: true });
  }

  async start(): Promise<void> {
    const child = spawn(
      gatewayBinary,
      ['--listen', `127.0.0.1:${this.port}`, '--data', this.data, '--web', webDir, '--demo-password', demoPassword],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    this.child = child;
    await serving(this.url, child);
  }

  /** Stops answering without closing connections, like a hung server. */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  /** Dies at once: open connections are reset. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGKILL');
    });
    this.child = null;
  }
}
