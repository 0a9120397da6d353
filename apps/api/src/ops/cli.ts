// `npm run ops -- <command>`: the operator CLI. Talks HTTP to the running server (see run-cli.ts).
import { runCli } from './run-cli';

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = code;
