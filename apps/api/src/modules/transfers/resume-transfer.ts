import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ProviderTransfer, TransferOutcome } from '../../adapters/providers/game-provider';
import { providerMemberOf } from '../../adapters/providers/member-name';
import { agencies } from '../../db/schema/agency';
import type { TransferRow } from '../../db/schema/transfers';
import { creditBackoffMs } from '../deposits/credit-deposit';
import { isProviderFailure } from '../withdrawals/refusal-error';
import { REFERENCE_CONFLICT, reportTransferConflict } from '../withdrawals/report-transfer-conflict';
import { CONFLICT_REVISIT_MS, RESEND_AFTER_MS } from '../withdrawals/resolve-withdrawal';
import { RETURN_ALERT_AFTER_ATTEMPTS } from '../withdrawals/return-withdrawal-credit';
import { transferWithLookUps } from '../withdrawals/transfer-with-look-ups';
import { bookTransferLeg, changeTransfer } from './book-transfer-leg';
import { legOf, legReference, type TransferLeg } from './transfer-reference';
import { findTransfer } from './transfers-repository';

/**
 * Sends of `<ref>:in` that did not land before the credit goes back to `from` (decision 0072): one by the
 * request, the rest by the worker a RESEND_AFTER_MS apart — about five minutes of a provider that is down.
 */
export const MAX_IN_ATTEMPTS = 5;

// A look-up that could not be asked is asked again this much later.
const LOOK_UP_REVISIT_MS = 10_000;

/**
 * Until when the one driving a transfer (its request, or the worker that claimed it) keeps others off it:
 * longer than a leg can take (the transfer and its look-ups, each with the client's retries, plus a look-up
 * first). Every step writes it anew, so it only runs out when its driver has died.
 */
export function transferHoldUntil(app: FastifyInstance, now: Date): Date {
  return new Date(now.getTime() + 14 * app.config.providerTimeoutMs + 10_000);
}

/** How a leg stands at its provider, looked up by its reference. */
type LegAtProvider =
  | { kind: 'applied' }
  | { kind: 'absent' }
  | { kind: 'conflict'; reason: string }
  | { kind: 'unavailable' };

/**
 * Finishes an unfinished transfer for the worker (safe to repeat; the worker claims one at a time): looks the
 * leg it waits for up first — landed → booked and on to the next leg; held as another transfer → kept for
 * staff; not there → sent again under the same reference once RESEND_AFTER_MS has passed since the last
 * send. `:in` not landed after MAX_IN_ATTEMPTS sends goes back to `from` as `:back`, which is sent until it
 * lands. Answers the transfer as it stands; null for an unknown reference.
 */
export async function resumeTransfer(
  app: FastifyInstance,
  reference: string,
  log: FastifyBaseLogger = app.log,
): Promise<TransferRow | null> {
  const row = await findTransfer(app.db, reference);
  if (!row) return null;
  const [agency] = await app.db
    .select({ code: agencies.code })
    .from(agencies)
    .where(eq(agencies.id, row.agencyId));
  if (!agency) throw new Error(`agency of transfer ${reference} vanished`);
  return driveTransfer(app, row, agency.code, log, false);
}

/**
 * Drives a transfer through its legs from the state it is in: `out` → `in` → SUCCESS, or `out` → `in` refused →
 * `back` → RETURNED. `isFresh`: the caller has just made the current state (its request inserted the row), so
 * the leg is sent at once; otherwise its reference is looked up first. Stops where an outcome is unknown,
 * with `next_attempt_at` set for the worker.
 */
export async function driveTransfer(
  app: FastifyInstance,
  start: TransferRow,
  agencyCode: string,
  log: FastifyBaseLogger,
  isFresh: boolean,
): Promise<TransferRow> {
  const member = providerMemberOf(agencyCode, start.playerId);
  const drive: Driver = { app, member, log: log.child({ transfer: start.reference }) };
  let row = start;
  let fresh = isFresh;
  for (;;) {
    const before = row.status;
    if (row.status === 'OUT_PENDING') row = await stepOut(drive, row, fresh);
    else if (row.status === 'IN_PENDING') row = await stepIn(drive, row, fresh);
    else if (row.status === 'RETURNING') row = await stepBack(drive, row);
    // A state this driver just reached is acted on at once; anything else waits for the worker.
    if (row.status === before || !isUnfinished(row)) return row;
    fresh = true;
  }
}

type Driver = { app: FastifyInstance; member: { username: string }; log: FastifyBaseLogger };

const isUnfinished = (row: TransferRow) =>
  row.status === 'OUT_PENDING' || row.status === 'IN_PENDING' || row.status === 'RETURNING';

/** `<ref>:out` at `from`: applied → booked (IN_PENDING); refused → FAILED, nothing moved; unknown → kept. */
async function stepOut(d: Driver, row: TransferRow, fresh: boolean): Promise<TransferRow> {
  if (!fresh) {
    const seen = await lookUpLeg(d, row, 'out');
    if (seen.kind === 'applied') return book(d, row, 'out');
    const waiting = await waitUnlessDue(d, row, seen);
    if (waiting) return waiting;
  }
  const outcome = await sendLeg(d, row, 'out');
  if (outcome.status === 'applied') return book(d, row, 'out');
  const now = d.app.now();
  if (outcome.status === 'rejected') {
    return changeTransfer(d.app.db, row.reference, 'OUT_PENDING', {
      status: 'FAILED',
      failure: outcome.code,
      nextAttemptAt: null,
      updatedAt: now,
    });
  }
  return keepUnknown(d, row, outcome.reason, 0);
}

/**
 * `<ref>:in` at `to`: applied → booked (SUCCESS); refused for good (not a failure of the provider itself) or
 * not landed after MAX_IN_ATTEMPTS sends → RETURNING; otherwise counted and kept for the worker.
 */
async function stepIn(d: Driver, row: TransferRow, fresh: boolean): Promise<TransferRow> {
  if (!fresh) {
    const seen = await lookUpLeg(d, row, 'in');
    if (seen.kind === 'applied') return book(d, row, 'in');
    const waiting = await waitUnlessDue(d, row, seen);
    if (waiting) return waiting;
    if (row.attempts >= MAX_IN_ATTEMPTS) {
      return startReturn(
        d,
        row,
        `${legReference(row.reference, 'in')} not applied after ${row.attempts} tries`,
      );
    }
  }
  const outcome = await sendLeg(d, row, 'in');
  if (outcome.status === 'applied') return book(d, row, 'in');
  if (outcome.status === 'rejected' && !isProviderFailure(outcome.code)) {
    return startReturn(d, row, `${legReference(row.reference, 'in')} refused: ${outcome.code}`);
  }
  const reason = outcome.status === 'rejected' ? `rejected: ${outcome.code}` : outcome.reason;
  return keepUnknown(d, row, reason, row.attempts + 1);
}

/**
 * `<ref>:back` at `from`: a transfer in, which a provider does not refuse for balance and applies once per
 * reference, so it is simply sent again until it lands (a backoff between tries, an alert from
 * RETURN_ALERT_AFTER_ATTEMPTS on): the credit is the player's and is never given up.
 */
async function stepBack(d: Driver, row: TransferRow): Promise<TransferRow> {
  const outcome = await sendLeg(d, row, 'back');
  if (outcome.status === 'applied') {
    const returned = await book(d, row, 'back');
    d.log.info({ event: 'transfer.returned', reference: row.reference }, 'transfer returned to its source');
    return returned;
  }
  const failure = outcome.status === 'rejected' ? outcome.code : outcome.reason;
  if (failure.startsWith(REFERENCE_CONFLICT)) return holdForStaff(d, row, failure);
  const now = d.app.now();
  const attempts = row.attempts + 1;
  const nextAttemptAt = new Date(now.getTime() + creditBackoffMs(attempts));
  if (attempts >= RETURN_ALERT_AFTER_ATTEMPTS) {
    d.log.warn(
      { event: 'transfer.return_stuck', reference: row.reference, attempts, failure: failure.slice(0, 200) },
      'credit of a returned transfer still not back at its source',
    );
  }
  return changeTransfer(d.app.db, row.reference, 'RETURNING', {
    attempts,
    failure,
    nextAttemptAt,
    updatedAt: now,
  });
}

/** `to` will not take it: RETURNING, and the driver sends `:back` next. */
function startReturn(d: Driver, row: TransferRow, failure: string): Promise<TransferRow> {
  const now = d.app.now();
  d.log.warn({ event: 'transfer.returning', reference: row.reference, failure }, 'transfer goes back');
  return changeTransfer(d.app.db, row.reference, 'IN_PENDING', {
    status: 'RETURNING',
    attempts: 0,
    failure,
    nextAttemptAt: transferHoldUntil(d.app, now),
    updatedAt: now,
  });
}

function book(d: Driver, row: TransferRow, leg: TransferLeg): Promise<TransferRow> {
  const now = d.app.now();
  const holdUntil = leg === 'out' ? transferHoldUntil(d.app, now) : null;
  return bookTransferLeg(d.app.db, row.reference, leg, now, holdUntil);
}

/**
 * A leg whose outcome stays unknown (or that the provider failed to do): the failure noted, `attempts` as
 * given, the worker back after RESEND_AFTER_MS (a request that may still run at the provider has long ended
 * by then). A reference the provider holds as another transfer is held for staff instead.
 */
function keepUnknown(d: Driver, row: TransferRow, reason: string, attempts: number): Promise<TransferRow> {
  if (reason.startsWith(REFERENCE_CONFLICT)) return holdForStaff(d, row, reason);
  const now = d.app.now();
  return changeTransfer(d.app.db, row.reference, row.status, {
    attempts,
    failure: reason,
    nextAttemptAt: new Date(now.getTime() + RESEND_AFTER_MS),
    updatedAt: now,
  });
}

/** A reference the provider holds as another transfer: never re-sent nor returned; looked at again later. */
function holdForStaff(d: Driver, row: TransferRow, failure: string): Promise<TransferRow> {
  const now = d.app.now();
  return changeTransfer(d.app.db, row.reference, row.status, {
    failure,
    nextAttemptAt: new Date(now.getTime() + CONFLICT_REVISIT_MS),
    updatedAt: now,
  });
}

/**
 * After a look-up that did not find the leg: the transfer as the worker should leave it for now (the look-up
 * failed, the reference is held as another transfer, or its last send is too recent to send it again), or
 * null when the leg may be sent now.
 */
async function waitUnlessDue(d: Driver, row: TransferRow, seen: LegAtProvider): Promise<TransferRow | null> {
  if (seen.kind === 'conflict') return holdForStaff(d, row, seen.reason);
  const now = d.app.now();
  if (seen.kind === 'unavailable') {
    return changeTransfer(d.app.db, row.reference, row.status, {
      nextAttemptAt: new Date(now.getTime() + LOOK_UP_REVISIT_MS),
    });
  }
  const dueAt = row.updatedAt.getTime() + RESEND_AFTER_MS;
  if (now.getTime() < dueAt) {
    return changeTransfer(d.app.db, row.reference, row.status, { nextAttemptAt: new Date(dueAt) });
  }
  return null;
}

async function lookUpLeg(d: Driver, row: TransferRow, leg: TransferLeg): Promise<LegAtProvider> {
  const { provider, direction } = legOf(row, leg);
  const reference = legReference(row.reference, leg);
  let found: ProviderTransfer | null;
  try {
    found = await d.app.providers.of(row.agencyId, provider).findTransfer(reference);
  } catch (error) {
    d.log.warn({ err: error, reference }, 'transfer look-up failed; still pending');
    return { kind: 'unavailable' };
  }
  if (!found) return { kind: 'absent' };
  if (found.direction !== direction || found.amount !== row.amount) {
    return {
      kind: 'conflict',
      reason: reportTransferConflict(d.log, { reference, direction, amount: row.amount }, found).reason,
    };
  }
  return { kind: 'applied' };
}

function sendLeg(d: Driver, row: TransferRow, leg: TransferLeg): Promise<TransferOutcome> {
  const { provider, direction } = legOf(row, leg);
  const client = d.app.providers.of(row.agencyId, provider);
  return transferWithLookUps(
    client,
    d.member,
    direction,
    row.amount,
    legReference(row.reference, leg),
    d.log,
  );
}
