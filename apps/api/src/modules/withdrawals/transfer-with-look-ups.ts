import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type {
  GameProvider,
  ProviderMember,
  ProviderTransfer,
  TransferDirection,
  TransferOutcome,
} from '../../adapters/providers/game-provider';
import { REFERENCE_CONFLICT, reportTransferConflict, type SentTransfer } from './report-transfer-conflict';

// After the client's own look-up, a couple more spaced ones: a lost answer is usually found within a second.
const LOOK_UP_DELAYS_MS = [150, 500];

/**
 * Sends one transfer under `reference` and, when its outcome is unknown, looks the reference up a few times
 * more. Never re-sends it: a transfer that may still be running at the provider stays `unknown` for the
 * caller to keep pending (and `resolveWithdrawal`, or `resumeTransfer` for a transfer between providers, to
 * finish). A reference the provider holds as another
 * transfer (its own REFERENCE_CONFLICT, or a look-up that finds another amount or direction) is never
 * answered `rejected`: something may have moved, so it stays `unknown` with a REFERENCE_CONFLICT reason.
 */
export async function transferWithLookUps(
  provider: GameProvider,
  member: ProviderMember,
  direction: TransferDirection,
  amount: bigint,
  reference: string,
  log: FastifyBaseLogger,
): Promise<TransferOutcome> {
  const sent = { reference, direction, amount };
  let outcome: TransferOutcome;
  try {
    outcome = await provider.transfer(member, direction, amount, reference);
  } catch (error) {
    outcome = { status: 'unknown', reason: error instanceof Error ? error.message : String(error) };
  }
  if (outcome.status === 'rejected' && outcome.code === REFERENCE_CONFLICT) {
    // Looked up only to tell staff what the provider holds; a failed look-up still holds the order.
    const found = await provider.findTransfer(reference).catch(() => null);
    outcome = reportTransferConflict(log, sent, found);
  }
  for (const delay of LOOK_UP_DELAYS_MS) {
    if (outcome.status !== 'unknown' || outcome.reason.startsWith(REFERENCE_CONFLICT)) break;
    await sleep(delay);
    outcome = await lookUp(provider, sent, outcome, log);
  }
  if (outcome.status !== 'applied') {
    log.warn({ reference, provider: provider.provider, outcome }, 'provider transfer not applied');
  }
  return outcome;
}

/** One look-up of the sent transfer: applied when found as sent, a conflict when found otherwise. */
async function lookUp(
  provider: GameProvider,
  sent: SentTransfer,
  previous: TransferOutcome,
  log: FastifyBaseLogger,
): Promise<TransferOutcome> {
  let found: ProviderTransfer | null;
  try {
    found = await provider.findTransfer(sent.reference);
  } catch (error) {
    return { status: 'unknown', reason: `look-up failed: ${error instanceof Error ? error.message : error}` };
  }
  if (!found) return previous;
  if (found.direction !== sent.direction || found.amount !== sent.amount) {
    return reportTransferConflict(log, sent, found);
  }
  return { status: 'applied', transfer: found };
}
