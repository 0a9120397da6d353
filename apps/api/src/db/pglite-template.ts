import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { REPO_ROOT } from '../paths';

// A new PGlite database runs PostgreSQL's initdb in WebAssembly: about 3 s of CPU, most of a first start and
// of every API test file's set-up. Its result — an empty cluster — depends only on the PGlite build, so it is
// made once per machine and PGlite version, kept as a gzipped tarball of the data dir, and every new database
// (a fresh DATA_DIR or an in-memory one) starts from it instead (decision 0017). Like initdb's own output it
// holds no application schema: the migrations still run on every start.

// PGlite's package.json is not an export: read it next to the resolved entry (dist/index.*).
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const pgliteVersion: string = JSON.parse(
  readFileSync(path.join(path.dirname(pgliteEntry), '../package.json'), 'utf8'),
).version;

/** node_modules/.cache of the checkout, where build tools keep what they can make again. */
const CACHE_DIR = path.join(REPO_ROOT, 'node_modules/.cache/laocredit');

export const PGLITE_TEMPLATE_PATH = path.join(CACHE_DIR, `pglite-${pgliteVersion}-initdb.tar.gz`);

/**
 * The template as a plain tarball, made first when this machine has none. Unzipping checks the gzip CRC and
 * length, so a damaged file (PGlite would fail on it, or worse, reject asynchronously) is made again instead.
 */
export async function pgliteTemplate(file = PGLITE_TEMPLATE_PATH): Promise<Blob> {
  let gzipped: Buffer | undefined;
  try {
    gzipped = readFileSync(file);
  } catch {
    // None yet: made below.
  }
  if (gzipped) {
    try {
      return new Blob([gunzipSync(gzipped)]);
    } catch (error) {
      process.emitWarning(`PGlite template ${file} is damaged (${String(error)}); making it again`);
    }
  }
  const fresh = new PGlite();
  await fresh.waitReady;
  const tarball = await fresh.dumpDataDir('none');
  await fresh.close();
  mkdirSync(path.dirname(file), { recursive: true });
  // Written under a unique name and renamed: a reader never sees half a file, whoever renames last wins.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  try {
    writeFileSync(partial, gzipSync(Buffer.from(await tarball.arrayBuffer())));
    renameSync(partial, file);
  } catch (error) {
    // A read-only or full disk costs the next start its speed, not this one its database.
    rmSync(partial, { force: true });
    process.emitWarning(`PGlite template ${file} could not be saved: ${String(error)}`);
  }
  return tarball;
}

/** Opens PGlite on `dataDir` (null: in memory); a new database starts from the template. */
export async function openPglite(
  dataDir: string | null,
  isNew: boolean,
  templateFile = PGLITE_TEMPLATE_PATH,
): Promise<PGlite> {
  const options = isNew ? { loadDataDir: await pgliteTemplate(templateFile) } : {};
  const client = new PGlite(dataDir ?? undefined, options);
  await client.waitReady;
  return client;
}
