import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, pgliteTemplate } from './pglite-template';

// Each test uses its own template file, so the machine's cached template (shared by every test file) is
// never the one made, damaged or deleted here.
const scratch = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('PGlite template', () => {
  it('makes the template once and starts a new data dir from it; the data dir then reopens as it is', async () => {
    const template = path.join(scratch, 'made', 'template.tar.gz');
    const dataDir = path.join(scratch, 'made', 'pglite');
    const client = await openPglite(dataDir, true, template);
    expect(existsSync(template)).toBe(true);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    await client.exec(
      "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('written after the template')",
    );
    await client.close();

    const reopened = await openPglite(dataDir, false, template);
    const { rows } = await reopened.query<{ note: string }>('SELECT note FROM kept');
    expect(rows).toEqual([{ note: 'written after the template' }]);
    await reopened.close();

    // A second new database, in memory, comes from the same template and holds none of the first's tables.
    const sibling = await openPglite(null, true, template);
    const { rows: tables } = await sibling.query("SELECT 1 FROM pg_tables WHERE tablename = 'kept'");
    expect(tables).toEqual([]);
    await sibling.close();
  }, 60_000);

  it('makes a damaged template again, so a new database still starts', async () => {
    const template = path.join(scratch, 'damaged', 'template.tar.gz');
    const goodFile = path.join(scratch, 'made', 'template.tar.gz');
    await pgliteTemplate(goodFile); // the first test's template, made here when this test runs alone
    const good = readFileSync(goodFile);
    // Cut short, as a full disk or a killed writer would leave it (PGlite itself rejects such a tarball late).
    for (const damaged of [good.subarray(0, good.length >> 1)]) {
      mkdirSync(path.dirname(template), { recursive: true });
      writeFileSync(template, damaged);
      const client = await openPglite(null, true, template);
      const { rows } = await client.query<{ answer: number }>('SELECT 41 + 1 AS answer');
      expect(rows).toEqual([{ answer: 42 }]);
      await client.close();
      expect(readFileSync(template).equals(damaged)).toBe(false);
      expect(gunzipSync(readFileSync(template)).length).toBeGreaterThan(1_000_000);
    }
  }, 120_000);
});
