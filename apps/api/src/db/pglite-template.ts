import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { REPO_ROOT } from '../paths';

// A new PGlite database runs PostgreSQL's initdb in WebAssembly: about 3 s of CPU, most of a first start and
// of every API test file's set-up. Its result — an empty cluster — depends only on the PGlite build, so it is
// made once per machine and PGlite version, kept as a gzipped tarball of the data dir, and every new database
// (a fresh DATA_DIR or an in-memory one) starts from it instead (decision 0017). A second template holds the
// cluster with every migration applied, named after the migrations' contents (decision 0061): a new database
// starts from it when it exists, and the migrations find nothing left to do.

// PGlite's package.json is not an export: read it next to the resolved entry (dist/index.*).
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const pgliteVersion: string = JSON.parse(
  readFileSync(path.join(path.dirname(pgliteEntry), '../package.json'), 'utf8'),
).version;

/** node_modules/.cache of the checkout, where build tools keep what they can make again. */
const CACHE_DIR = path.join(REPO_ROOT, 'node_modules/.cache/laocredit');

export const PGLITE_TEMPLATE_PATH = path.join(CACHE_DIR, `pglite-${pgliteVersion}-initdb.tar.gz`);

/**
 * The migrated template of the migrations in `migrationsDir`: its name holds a digest of every file there
 * (the SQL and drizzle's journal), so a changed or added migration names another file and an old one is
 * never loaded.
 */
export function migratedTemplatePath(migrationsDir: string): string {
  const digest = createHash('sha256');
  const files = (dir: string, prefix = ''): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((entry) =>
        entry.isDirectory()
          ? files(path.join(dir, entry.name), `${prefix}${entry.name}/`)
          : [`${prefix}${entry.name}`],
      );
  for (const file of files(migrationsDir)) {
    digest
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(migrationsDir, file)))
      .update('\0');
  }
  return path.join(CACHE_DIR, `pglite-${pgliteVersion}-migrated-${digest.digest('hex').slice(0, 16)}.tar.gz`);
}

// Unzipped templates of this process: a test worker opens dozens of databases from the same file.
const unzipped = new Map<string, Promise<Blob | undefined>>();

/**
 * The template at `file` as a plain tarball, or undefined when there is none or it is damaged (unzipping
 * checks the gzip CRC and length; PGlite would fail on a cut tarball, or worse, reject asynchronously).
 */
function readTemplate(file: string): Promise<Blob | undefined> {
  let read = unzipped.get(file);
  if (!read) {
    read = Promise.resolve().then(() => {
      let gzipped: Buffer;
      try {
        gzipped = readFileSync(file);
      } catch {
        return undefined;
      }
      try {
        return new Blob([gunzipSync(gzipped)]);
      } catch (error) {
        process.emitWarning(`PGlite template ${file} is damaged (${String(error)}); making it again`);
        return undefined;
      }
    });
    unzipped.set(file, read);
    // Only a template that was read stays remembered: a missing or damaged one is looked for again.
    void read.then((blob) => {
      if (!blob && unzipped.get(file) === read) unzipped.delete(file);
    });
  }
  return read;
}

/** Writes a tarball as a template: under a unique name, then renamed, so a reader never sees half a file. */
export function saveTemplate(file: string, tarball: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  try {
    writeFileSync(partial, gzipSync(tarball));
    renameSync(partial, file);
    unzipped.set(file, Promise.resolve(new Blob([tarball])));
  } catch (error) {
    // A read-only or full disk costs the next start its speed, not this one its database.
    rmSync(partial, { force: true });
    process.emitWarning(`PGlite template ${file} could not be saved: ${String(error)}`);
  }
}

/** The initdb template as a plain tarball, made first when this machine has none (or a damaged one). */
export async function pgliteTemplate(file = PGLITE_TEMPLATE_PATH): Promise<Blob> {
  const existing = await readTemplate(file);
  if (existing) return existing;
  const fresh = new PGlite();
  await fresh.waitReady;
  const tarball = await fresh.dumpDataDir('none');
  await fresh.close();
  saveTemplate(file, Buffer.from(await tarball.arrayBuffer()));
  return tarball;
}

export type OpenedPglite = {
  client: PGlite;
  /** True when a new database started from the migrated template (its migrations are already applied). */
  fromMigratedTemplate: boolean;
};

/**
 * Opens PGlite on `dataDir` (null: in memory). A new database starts from `migratedFile` when that template
 * exists, otherwise from the initdb template.
 */
export async function openPglite(
  dataDir: string | null,
  isNew: boolean,
  templateFile = PGLITE_TEMPLATE_PATH,
  migratedFile?: string,
): Promise<OpenedPglite> {
  const migrated = isNew && migratedFile ? await readTemplate(migratedFile) : undefined;
  const loadDataDir = isNew ? (migrated ?? (await pgliteTemplate(templateFile))) : undefined;
  // PGlite takes either (dataDir, options) or (options): an undefined first argument drops the options, so
  // an in-memory database passes one object (with it, loadDataDir was ignored and initdb ran every time).
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  return { client, fromMigratedTemplate: migrated !== undefined };
}
