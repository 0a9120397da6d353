import type { OpsClient } from './ops-client';
import type { OptionSpec, ParsedArgs } from './parse-args';

/** Exit codes of `npm run ops`: scripts and CI can tell "differences found" from "could not check". */
export const EXIT = {
  OK: 0,
  /** An error, or reconciliation differences. */
  FAILED: 1,
  /** The command was typed wrong. */
  USAGE: 2,
  /** Not finished: a credit is pending, or some accounts could not be checked. */
  INCOMPLETE: 3,
} as const;

export type CommandIo = { out: (line: string) => void; err: (line: string) => void };
export type CommandContext = CommandIo & { client: OpsClient };

/** One ops command; each lives in its own file under commands/ and is listed in commands.ts. */
export type OpsCommand = {
  /** The words that select it: `players list`. */
  name: string;
  summary: string;
  /** Arguments after the name, e.g. `ID --provider P --amount 100.00 [--reason TEXT]`. */
  usage: string;
  positionals?: string[];
  options: OptionSpec;
  run: (ctx: CommandContext, args: ParsedArgs) => Promise<number>;
};
