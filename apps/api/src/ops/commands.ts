import type { OpsCommand } from './command';
import { playersCreditCommand } from './commands/players-credit';
import { playersListCommand } from './commands/players-list';
import { ratesSetCommand } from './commands/rates-set';
import { reconciliationCommand } from './commands/reconciliation';

/** Every ops command, in the order `--help` lists them. A new command is one file and one line here. */
export const COMMANDS: OpsCommand[] = [
  playersListCommand,
  playersCreditCommand,
  reconciliationCommand,
  ratesSetCommand,
];
