import { rmSync } from 'node:fs';

/** E2E_SUITE=readme: the fresh data dir `npm start` ran on (playwright.config.ts) goes when the run ends. */
export default function removeReadmeDataDir() {
  if (process.env.E2E_DATA_DIR) rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}
