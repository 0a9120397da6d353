import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type {
  GameProvider,
  ProviderMember,
  ProviderTransfer,
  TransferDirection,
  TransferOutcome,
} from '../../adapters/providers/game-provider';

// After the client's own look-up, a couple more spaced ones: a lost answer is usually found within a second.
const LOOK_UP_DELAYS_MS = [150, 500];

/**
 * Sends one transfer under `reference` and, when its outcome is unknown, looks the reference up a few times
 * more. Never re-sends it: a transfer that may still be running at the provider stays `unknown` for the
 * caller to keep pending (and `resolveWithdrawal` to finish).
 */
export async function transferWithLookUps(
  provider: GameProvider,
  member: ProviderMember,
  direction: TransferDirection,
  amount: bigint,
  reference: string,
  log: FastifyBaseLogger,
): Promise<TransferOutcome> {
  let outcome: TransferOutcome;
  try {
    outcome = await provider.transfer(member, direction, amount, reference);
  } catch (error) {
    outcome = { status: 'unknown', reason: error instanceof Error ? error.message : String(error) };
  }
  for (const delay of LOOK_UP_DELAYS_MS) {
    if (outcome.status !== 'unknown') break;
    await sleep(delay);
    outcome = await lookUp(provider, reference, direction, amount, outcome);
  }
  if (outcome.status !== 'applied') {
    log.warn({ reference, provider: provider.provider, outcome }, 'withdrawal transfer not applied');
  }
  return outcome;
}

/** One look-up of `reference`: applied when found as sent, otherwise the previous outcome stands. */
export async function lookUp(
  provider: GameProvider,
  reference: string,
  direction: TransferDirection,
  amount: bigint,
  previous: TransferOutcome,
): Promise<TransferOutcome> {
  let found: ProviderTransfer | null;
  try {
    found = await provider.findTransfer(reference);
  } catch (error) {
    return { status: 'unknown', reason: `look-up failed: ${error instanceof Error ? error.message : error}` };
  }
  if (!found) return previous;
  if (found.direction !== direction || found.amount !== amount) {
    return { status: 'rejected', code: 'REFERENCE_CONFLICT' };
  }
  return { status: 'applied', transfer: found };
}
