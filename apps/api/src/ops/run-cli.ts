import { type CommandIo, EXIT, type OpsCommand } from './command';
import { COMMANDS } from './commands';
import { createOpsClient, OpsApiError, type OpsClient, OpsConnectionError } from './ops-client';
import { resolveOpsTarget } from './ops-target';
import { parseArgs, UsageError } from './parse-args';

export type CliDeps = CommandIo & {
  env: Record<string, string | undefined>;
  /** Tests pass a client for a listening test app; otherwise one is made from the environment. */
  client?: OpsClient;
};

/** The command whose name matches the most leading words (`players credit` over a future `players`). */
function findCommand(words: string[]): { command: OpsCommand; rest: string[] } | null {
  const matches = COMMANDS.filter((c) => {
    const name = c.name.split(' ');
    return name.every((word, i) => words[i] === word);
  }).sort((a, b) => b.name.length - a.name.length);
  const command = matches[0];
  return command ? { command, rest: words.slice(command.name.split(' ').length) } : null;
}

const usageLine = (c: OpsCommand) => `npm run ops -- ${c.name}${c.usage ? ` ${c.usage}` : ''}`;

function printHelp(out: (line: string) => void): void {
  out('Operator commands; they talk to the running server over HTTP.');
  out('');
  out('Usage: npm run ops -- <command> [options]   (add --help after a command for its options)');
  out('');
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  for (const c of COMMANDS) out(`  ${c.name.padEnd(width)}  ${c.summary}`);
  out('');
  out('Environment: OPS_URL (default http://127.0.0.1:$PORT, PORT default 3000), OPS_TOKEN (default: the');
  out('token the server wrote to $DATA_DIR/ops-token, DATA_DIR default ./data).');
  out(
    'Exit codes: 0 done, 1 failed or differences found, 2 wrong usage, 3 not finished (pending/unchecked).',
  );
}

function printCommandHelp(c: OpsCommand, out: (line: string) => void): void {
  out(`Usage: ${usageLine(c)}`);
  out('');
  out(c.summary);
  const names = Object.keys(c.options);
  if (names.length === 0) return;
  out('');
  const width = Math.max(...names.map((n) => n.length)) + 2;
  for (const [name, option] of Object.entries(c.options)) {
    out(`  ${`--${name}`.padEnd(width)}  ${option.description}${option.isRequired ? ' (required)' : ''}`);
  }
}

/** Runs one CLI invocation and answers its exit code (never throws, never calls process.exit). */
export async function runCli(argv: string[], deps: CliDeps): Promise<number> {
  const { out, err } = deps;
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    printHelp(out);
    return argv.length === 0 ? EXIT.USAGE : EXIT.OK;
  }
  const found = findCommand(argv);
  if (!found) {
    err(`unknown command: ${argv.join(' ')}`);
    err('run `npm run ops -- --help` for the list of commands');
    return EXIT.USAGE;
  }
  const { command, rest } = found;
  if (rest.includes('--help') || rest.includes('-h')) {
    printCommandHelp(command, out);
    return EXIT.OK;
  }
  try {
    const args = parseArgs(rest, command.options);
    if (!command.positionals && args.positionals.length > 0) {
      throw new UsageError(`unexpected argument ${args.positionals[0]}`);
    }
    const client =
      deps.client ??
      (() => {
        const target = resolveOpsTarget(deps.env);
        return createOpsClient(target.baseUrl, target.token);
      })();
    return await command.run({ client, out, err }, args);
  } catch (error) {
    if (error instanceof UsageError) {
      err(`${command.name}: ${error.message}`);
      err(`usage: ${usageLine(command)}`);
      return EXIT.USAGE;
    }
    if (error instanceof OpsApiError) {
      const fields = error.fields
        ? ` (${Object.entries(error.fields)
            .map(([f, c]) => `${f}: ${c}`)
            .join(', ')})`
        : '';
      err(`error ${error.status} ${error.code}: ${error.message}${fields}`);
      if (error.status === 401)
        err('the server refused the ops token: check OPS_TOKEN or DATA_DIR/ops-token');
      return EXIT.FAILED;
    }
    if (error instanceof OpsConnectionError) {
      err(error.message);
      return EXIT.FAILED;
    }
    err(`error: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.FAILED;
  }
}
