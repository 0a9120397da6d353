import { loadConfig } from '../config';
import { openDb } from './client';

// `npm run db:migrate`: applies the SQL migrations to DATABASE_URL (or the PGlite of DATA_DIR).
const config = loadConfig(process.env);
const handle = await openDb(config);
try {
  await handle.migrate();
  console.log(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
