import { Worker } from 'node:worker_threads';

/** After the shutdown deadline, how long the orderly `process.exit(1)` gets before the process is killed. */
export const EXIT_GRACE_MS = 1000;

// Why a thread of its own: a deadline kept by a timer of the main thread fires only while that thread is free,
// and a stuck log sink takes it for good. pino writes stdout asynchronously while the server runs, but at exit
// it flushes what is left synchronously, and on a pipe nobody reads (full at 64 KB) that flush retries forever:
// process.exit never completes, no timer or signal handler runs again, and only SIGKILL ends the process. A
// worker thread has its own event loop, so its timer fires whatever the main thread is blocked in. The code is
// a string (`eval`), so that the same thing runs under tsx and in the esbuild bundle, with no file to find;
// `execArgv: []` keeps the process's `--import tsx` and the like out of the thread.
const KILLER = `
const { workerData } = require('node:worker_threads');
setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.afterMs);
`;

/**
 * Starts the shutdown deadline: `process.exit(1)` from the main thread after `deadlineMs` (logs still flushed
 * when the sink takes them), and SIGKILL from a worker thread `EXIT_GRACE_MS` later if the process is still
 * there (its main thread blocked, e.g. in that flush). Neither keeps a process that exits on its own alive.
 */
export function startShutdownDeadline(deadlineMs: number): void {
  setTimeout(() => process.exit(1), deadlineMs).unref();
  try {
    const killer = new Worker(KILLER, {
      eval: true,
      workerData: { pid: process.pid, afterMs: deadlineMs + EXIT_GRACE_MS },
      execArgv: [],
    });
    killer.unref();
    // A thread that cannot start leaves the main-thread timer; shutdown goes on either way.
    killer.on('error', () => undefined);
  } catch {
    // As above: no thread (out of memory or threads), the main-thread timer alone.
  }
}
