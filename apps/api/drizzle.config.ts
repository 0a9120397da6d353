import { defineConfig } from 'drizzle-kit';

// One schema file per domain under src/db/schema; later work adds files there and runs `npm run db:generate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/db/schema/*.ts',
  out: './apps/api/drizzle',
});
