import { buildApp } from './app';
import { loadConfig } from './config';
import { startShutdownDeadline } from './lib/shutdown-deadline';

// Entry point: `tsx apps/api/src/server.ts` (npm start builds the web app first).
const config = loadConfig(process.env);
const app = await buildApp(config);

let isClosing = false;
async function shutdown(signal: string): Promise<void> {
  if (isClosing) return;
  isClosing = true;
  // First: the deadline ends the process even when what follows, or the exit's log flush, never finishes.
  startShutdownDeadline(config.shutdownDeadlineMs);
  app.log.info({ signal }, 'shutting down');
  // app.close stops accepting connections, lets in-flight requests finish and closes the database.
  try {
    // The worker first, while the server still answers its calls to this process's sandboxes.
    await app.worker.stop();
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not listen');
  await app.close();
  process.exit(1);
}

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
console.log(`Lao Credit API listening on http://${shownHost}:${config.port}`);
if (app.opsToken.isNew) {
  // Printed once: it is stored in DATA_DIR/ops-token and not shown again.
  console.log(`Ops token (keep it secret, shown once): ${app.opsToken.token}`);
}
