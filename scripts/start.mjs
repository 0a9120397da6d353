// `npm start`: build the web app and the API when their sources are newer than the last build, then run the
// compiled API with node (it applies migrations, seeds the demo agency in sandbox mode and serves the built SPA).
import { spawn } from 'node:child_process';
import { buildIfStale, root, serverArgs } from './build-if-stale.mjs';

buildIfStale();
const server = spawn(process.execPath, serverArgs(), { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
