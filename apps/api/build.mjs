// `npm run build -w @lc/api`: compiles the API to plain JavaScript in apps/api/dist, so production runs
// `node` without tsx (decision 0034). One ES-module bundle per entry point: our sources and @lc/shared (which is
// published as TypeScript source) are bundled; every other package stays an import resolved from node_modules
// at run time — native and wasm packages (@node-rs/argon2, pg, @electric-sql/pglite) must, and keeping all of
// them external means `dependencies` in package.json stay the whole run-time list.
// Files read at run time (drizzle/ migrations, sandbox assets, the web build) are found via src/paths.ts.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = dirname(fileURLToPath(import.meta.url));
const outdir = join(apiRoot, 'dist');

/** Bare imports stay imports, except our own workspace packages, which exist only as TypeScript. */
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@lc/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: apiRoot,
  entryPoints: {
    server: 'src/server.ts',
    'migrate-cli': 'src/db/migrate-cli.ts',
    'ops-cli': 'src/ops/cli.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Stack traces point at the TypeScript sources when node runs with --enable-source-maps. Without the sources'
  // text the map is a quarter of the size, and node parses it at every start (profiled: decision 0034).
  sourcemap: true,
  sourcesContent: false,
  // Class and function names stay as written: logs and error serialisation print them.
  keepNames: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
console.log(`API compiled to ${outdir}`);
