import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { dataRoot, gatewayBinary, webDir } from './environment';

export interface RunningGateway {
  url: string;
  stop: () => Promise<void>;
}

async function waitUntilServing(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/settings.json`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`gateway at ${url} did not start within ${timeoutMs} ms`);
}

/** Starts another real gateway process, for journeys that need a differently configured one. */
export async function startGateway(
  name: string,
  port: number,
  extraArgs: string[],
  /** The built front end it serves (the suite's own build unless told). */
  web: string = webDir,
): Promise<RunningGateway> {
  const data = resolve(dataRoot, `${name}-${port}`);
  rmSync(data, { recursive: true, force: true });
  mkdirSync(data, { recursive: true });
  const child = spawn(gatewayBinary, ['--listen', `127.0.0.1:${port}`, '--data', data, '--web', web, ...extraArgs], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(url, child, 60_000);
  return {
    url,
    // SIGTERM lets the gateway drain its connections; an open live connection (websocket) would hold
    // that for the server's 30 s grace period, so it is killed outright after a few seconds.
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
        child.once('exit', () => {
          clearTimeout(kill);
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}
