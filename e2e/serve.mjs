// Starts the built product for the browser tests — the compiled server `npm start` runs, built first when its
// sources changed — on in-memory PGlite, or, when TEST_DATABASE_URL is set, a fresh PostgreSQL database that
// is dropped again when the server stops.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { buildIfStale, root, serverArgs } from '../scripts/build-if-stale.mjs';

buildIfStale();
const env = { ...process.env, DATA_DIR: 'memory://', SANDBOX: 'true', LOG_LEVEL: 'warn' };
let admin;
let database;

if (process.env.TEST_DATABASE_URL) {
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  database = `e2e_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
} else {
  delete env.DATABASE_URL;
}

const server = spawn(process.execPath, serverArgs(), {
  cwd: root,
  env,
  stdio: 'inherit',
});

async function shutdown(signal) {
  server.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shutdown(signal));
server.on('exit', async (code) => {
  if (admin && database) {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
  process.exit(code ?? 0);
});
