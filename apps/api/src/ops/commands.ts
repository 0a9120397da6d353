import type { OpsCommand } from './command';
import { agenciesCreateCommand, agenciesListCommand, agenciesUpdateCommand } from './commands/agencies';
import { approvalsListCommand } from './commands/approvals-list';
import { bankPaymentsListCommand } from './commands/bank-payments-list';
import { bankPaymentsCreditCommand, bankPaymentsRefundCommand } from './commands/bank-payments-resolve';
import { channelsListCommand, channelsSetCommand } from './commands/channels';
import { depositsConfirmCommand } from './commands/deposits-confirm';
import { depositsListCommand } from './commands/deposits-list';
import { depositsRejectCommand } from './commands/deposits-reject';
import { doctorCommand } from './commands/doctor';
import { playersBlockCommand } from './commands/players-block';
import { playersCreditCommand } from './commands/players-credit';
import { playersListCommand } from './commands/players-list';
import { playersUnblockCommand } from './commands/players-unblock';
import { promotionsCreateCommand } from './commands/promotions-create';
import { promotionsListCommand } from './commands/promotions-list';
import { promotionsActivateCommand, promotionsDeactivateCommand } from './commands/promotions-switch';
import { promotionsUpdateCommand } from './commands/promotions-update';
import { ratesSetCommand } from './commands/rates-set';
import { reconciliationCommand } from './commands/reconciliation';
import { reportSettlementCommand } from './commands/report-settlement';
import { secretsResealCommand } from './commands/secrets-reseal';
import {
  staffCreateCommand,
  staffDeactivateCommand,
  staffListCommand,
  staffResetTotpCommand,
} from './commands/staff';
import { withdrawalsApproveCommand } from './commands/withdrawals-approve';
import { withdrawalsBouncedCommand } from './commands/withdrawals-bounced';
import { withdrawalsListCommand } from './commands/withdrawals-list';
import { withdrawalsRejectCommand } from './commands/withdrawals-reject';

/** Every ops command, in the order `--help` lists them. A new command is one file and one line here. */
export const COMMANDS: OpsCommand[] = [
  playersListCommand,
  playersCreditCommand,
  playersBlockCommand,
  playersUnblockCommand,
  reconciliationCommand,
  reportSettlementCommand,
  ratesSetCommand,
  depositsListCommand,
  depositsConfirmCommand,
  depositsRejectCommand,
  bankPaymentsListCommand,
  bankPaymentsCreditCommand,
  bankPaymentsRefundCommand,
  channelsListCommand,
  channelsSetCommand,
  withdrawalsListCommand,
  withdrawalsApproveCommand,
  withdrawalsRejectCommand,
  withdrawalsBouncedCommand,
  promotionsListCommand,
  promotionsCreateCommand,
  promotionsUpdateCommand,
  promotionsActivateCommand,
  promotionsDeactivateCommand,
  staffCreateCommand,
  staffListCommand,
  staffDeactivateCommand,
  staffResetTotpCommand,
  approvalsListCommand,
  agenciesCreateCommand,
  agenciesListCommand,
  agenciesUpdateCommand,
  doctorCommand,
  secretsResealCommand,
];
