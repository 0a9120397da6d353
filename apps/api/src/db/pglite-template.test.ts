import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client';
import { migratedTemplatePath, openPglite, pgliteTemplate, saveTemplate } from './pglite-template';

// Each test uses its own template file, so the machine's cached template (shared by every test file) is
// never the one made, damaged or deleted here.
const scratch = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('PGlite template', () => {
  it('makes the template once and starts a new data dir from it; the data dir then reopens as it is', async () => {
    const template = path.join(scratch, 'made', 'template.tar.gz');
    const dataDir = path.join(scratch, 'made', 'pglite');
    const { client } = await openPglite(dataDir, true, template);
    expect(existsSync(template)).toBe(true);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    await client.exec(
      "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('written after the template')",
    );
    await client.close();

    const { client: reopened } = await openPglite(dataDir, false, template);
    const { rows } = await reopened.query<{ note: string }>('SELECT note FROM kept');
    expect(rows).toEqual([{ note: 'written after the template' }]);
    await reopened.close();

    // A second new database, in memory, comes from the same template and holds none of the first's tables.
    const { client: sibling } = await openPglite(null, true, template);
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
      const { client } = await openPglite(null, true, template);
      const { rows } = await client.query<{ answer: number }>('SELECT 41 + 1 AS answer');
      expect(rows).toEqual([{ answer: 42 }]);
      await client.close();
      expect(readFileSync(template).equals(damaged)).toBe(false);
      expect(gunzipSync(readFileSync(template)).length).toBeGreaterThan(1_000_000);
    }
  }, 120_000);

  it('starts an in-memory database from the template it is given, not from a new initdb', async () => {
    // A template marked with a table of its own: a database that did not start from it cannot hold it.
    const made = await openPglite(null, true, path.join(scratch, 'made', 'template.tar.gz'));
    await made.client.exec(
      "CREATE TABLE marker (note text); INSERT INTO marker VALUES ('from the template')",
    );
    const marked = path.join(scratch, 'marked', 'migrated.tar.gz');
    saveTemplate(marked, Buffer.from(await (await made.client.dumpDataDir('none')).arrayBuffer()));
    await made.client.close();

    const opened = await openPglite(null, true, path.join(scratch, 'made', 'template.tar.gz'), marked);
    expect(opened.fromMigratedTemplate).toBe(true);
    const { rows } = await opened.client.query<{ note: string }>('SELECT note FROM marker');
    expect(rows).toEqual([{ note: 'from the template' }]);
    await opened.client.close();

    // Without that file the bare cluster is used, and says so.
    const bare = await openPglite(
      null,
      true,
      path.join(scratch, 'made', 'template.tar.gz'),
      path.join(scratch, 'absent.tar.gz'),
    );
    expect(bare.fromMigratedTemplate).toBe(false);
    const { rows: tables } = await bare.client.query("SELECT 1 FROM pg_tables WHERE tablename = 'marker'");
    expect(tables).toEqual([]);
    await bare.client.close();
  }, 60_000);

  it('names the migrated template after the migrations, so a changed migration never loads an old one', () => {
    const migrations = path.join(scratch, 'migrations');
    mkdirSync(path.join(migrations, 'meta'), { recursive: true });
    writeFileSync(path.join(migrations, '0000_first.sql'), 'CREATE TABLE a (id int);');
    writeFileSync(path.join(migrations, 'meta', '_journal.json'), '{"entries":[]}');
    const first = migratedTemplatePath(migrations);
    expect(migratedTemplatePath(migrations)).toBe(first);
    writeFileSync(path.join(migrations, '0000_first.sql'), 'CREATE TABLE a (id bigint);');
    const edited = migratedTemplatePath(migrations);
    expect(edited).not.toBe(first);
    writeFileSync(path.join(migrations, 'meta', '_journal.json'), '{"entries":[{"idx":0}]}');
    expect(migratedTemplatePath(migrations)).not.toBe(edited);
    // The product's own migrations name a file beside the initdb template.
    expect(path.basename(migratedTemplatePath(MIGRATIONS_DIR))).toMatch(
      /^pglite-.+-migrated-[0-9a-f]{16}\.tar\.gz$/,
    );
  });
});
