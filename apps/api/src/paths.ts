import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Files the server reads at run time (migrations, the web build, sandbox assets) are found from here. This
// module sits directly in apps/api/src, and the compiled server (apps/api/dist/server.js, one bundle) sits
// directly in apps/api/dist: `..` is apps/api in both, so the same paths hold under tsx and under node.
// Other modules must not resolve files from their own import.meta.url: in the bundle that is dist/server.js.

/** apps/api of the checkout. */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The repository root, so relative defaults do not depend on the working directory of `npm -w`. */
export const REPO_ROOT = path.resolve(API_ROOT, '../..');
