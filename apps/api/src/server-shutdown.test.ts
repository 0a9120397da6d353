import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config';
import { EXIT_GRACE_MS } from './lib/shutdown-deadline';
import { freePort } from './test/free-port';

// The real server process (server.ts under tsx) with a log sink that stops reading: stdout and stderr are pipes
// this test never reads, so once the kernel's pipe buffer (64 KB on Linux) is full every write to them waits.
// SIGTERM must still end the process within SHUTDOWN_DEADLINE_MS (and the kill's grace): pino's final
// synchronous flush at exit blocks the main thread for good, so a deadline kept by a timer of that thread never
// fires (before lib/shutdown-deadline.ts the process was still there 20 s after SIGTERM, until SIGKILL).

/** What the server is given as SHUTDOWN_DEADLINE_MS; the assertions derive their bounds from it. */
const DEADLINE_MS = 1500;
/** Beyond the deadline and the kill's grace: a busy machine's scheduling. */
const SLACK_MS = 2000;
/** The longest a shutdown may take, whatever the log sink does. */
const BOUND_MS = DEADLINE_MS + EXIT_GRACE_MS + SLACK_MS;
const OPS_TOKEN = `shutdown-test-${randomBytes(12).toString('hex')}`;

let server: ChildProcess | undefined;

afterEach(() => {
  // Never leave a stuck server behind, whatever the test did.
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  server = undefined;
});

/** Starts server.ts on a free port with a throwaway in-memory database; stdout and stderr are pipes. */
async function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // `node --import tsx`, not the tsx binary: one process, whose exit is the server's.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX: 'true',
      DATA_DIR: 'memory://',
      OPS_TOKEN,
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent-web-dist',
      NODE_ENV: 'test',
      SHUTDOWN_DEADLINE_MS: String(DEADLINE_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (ready?.ok) return { child, base };
    await sleep(100);
  }
  throw new Error('server did not become ready');
}

/** Resolves with how long the process took to exit after `signal`, or null when it was still alive at `bound`. */
async function timeToExit(
  child: ChildProcess,
  signal: NodeJS.Signals,
  boundMs: number,
): Promise<{ ms: number; code: number | null; signal: NodeJS.Signals | null } | null> {
  const started = Date.now();
  const exited = new Promise<{ ms: number; code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, exitSignal) => resolve({ ms: Date.now() - started, code, signal: exitSignal })),
  );
  child.kill(signal);
  return Promise.race([exited, sleep(boundMs).then(() => null)]);
}

describe('server shutdown', () => {
  it('exits within SHUTDOWN_DEADLINE_MS after SIGTERM while its stdout pipe is full and never read', async () => {
    const { child, base } = await startServer();
    // Each request logs its URL: 200 × ~4 KB is far past a 64 KB pipe buffer. Requests may stall once the
    // server's writes wait on the pipe; each gives up after a while, the test only needs the log volume.
    const pad = 'x'.repeat(4000);
    for (let batch = 0; batch < 20; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          fetch(`${base}/api/ready?pad=${batch}-${i}-${pad}`, { signal: AbortSignal.timeout(3000) })
            .then((r) => r.arrayBuffer())
            .catch(() => undefined),
        ),
      );
    }

    const exit = await timeToExit(child, 'SIGTERM', BOUND_MS);
    expect(exit, `still running ${BOUND_MS} ms after SIGTERM`).not.toBeNull();
    expect(exit?.ms).toBeLessThan(BOUND_MS);
  }, 90_000);

  it('exits 0 at once after SIGTERM when its logs are read: the deadline does not hold a clean exit', async () => {
    const { child } = await startServer();
    child.stdout?.resume();
    child.stderr?.resume();
    const exit = await timeToExit(child, 'SIGTERM', BOUND_MS);
    expect(exit).not.toBeNull();
    expect(exit).toMatchObject({ code: 0, signal: null });
    // Well before the deadline: a clean shutdown neither waits for it nor is cut short by it.
    expect(exit?.ms).toBeLessThan(DEADLINE_MS);
  }, 90_000);
});
