import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ProviderTransfer } from '../../adapters/providers/game-provider';
import { providerMemberOf } from '../../adapters/providers/member-name';
import { agencies } from '../../db/schema/agency';
import { type WithdrawalRow, withdrawals } from '../../db/schema/withdrawals';
import { bookWithdrawalOut, failWithdrawal } from './book-withdrawal-out';
import { REFERENCE_CONFLICT, reportTransferConflict } from './report-transfer-conflict';
import { returnWithdrawalCredit } from './return-withdrawal-credit';
import { transferWithLookUps } from './transfer-with-look-ups';
import { withdrawalReference } from './withdrawal-code';

/**
 * How long a PENDING transfer out is left to land (the original request may still be running at the
 * provider) before the same reference is sent again. Well past the provider client's timeout.
 */
export const RESEND_AFTER_MS = 60_000;

/** How often a PENDING order held by a reference conflict is looked up again (and alerted) by the worker. */
export const CONFLICT_REVISIT_MS = 5 * 60_000;

/**
 * Finishes a withdrawal whose provider transfer has no known outcome (for the worker; safe to run in
 * parallel and repeatedly). PENDING: looks `<code>:out` up — found → booked and OPEN; found as another
 * amount or direction → held PENDING for staff (never FAILED, never re-sent); not found after
 * RESEND_AFTER_MS → the SAME reference is sent again (the provider applies a reference once): applied →
 * OPEN, refused → FAILED, unknown → stays PENDING. RETURNING and BOUNCE_RETURNING: send `<code>:back`
 * again. Other states are
 * answered as they are; an unknown code answers null. See docs/decisions/0011-withdrawal-transfers.md and
 * 0028-withdrawal-transfer-edges.md.
 */
export async function resolveWithdrawal(
  app: FastifyInstance,
  code: string,
  log: FastifyBaseLogger = app.log,
): Promise<WithdrawalRow | null> {
  const [order] = await app.db.select().from(withdrawals).where(eq(withdrawals.code, code));
  if (!order) return null;
  if (order.status === 'RETURNING' || order.status === 'BOUNCE_RETURNING') {
    return returnWithdrawalCredit(app, order, log);
  }
  if (order.status !== 'PENDING') return order;

  const provider = app.providers.of(order.agencyId, order.provider);
  const reference = withdrawalReference.out(order.code);
  let found: ProviderTransfer | null;
  try {
    found = await provider.findTransfer(reference);
  } catch (error) {
    log.warn({ err: error, reference }, 'withdrawal look-up failed; still pending');
    return order;
  }
  if (found) {
    if (found.direction !== 'out' || found.amount !== order.amount) {
      const conflict = reportTransferConflict(
        log,
        { reference, direction: 'out', amount: order.amount },
        found,
      );
      return holdWithdrawal(app, order, conflict.reason);
    }
    return bookWithdrawalOut(app.db, order.code, app.now());
  }
  if (app.now().getTime() - order.updatedAt.getTime() < RESEND_AFTER_MS) return order;

  const [agency] = await app.db
    .select({ code: agencies.code })
    .from(agencies)
    .where(eq(agencies.id, order.agencyId));
  if (!agency) throw new Error(`agency of withdrawal ${order.code} vanished`);
  const member = providerMemberOf(agency.code, order.playerId);
  const outcome = await transferWithLookUps(provider, member, 'out', order.amount, reference, log);
  if (outcome.status === 'applied') return bookWithdrawalOut(app.db, order.code, app.now());
  if (outcome.status === 'rejected') return failWithdrawal(app.db, order.code, outcome.code, app.now());
  if (outcome.reason.startsWith(REFERENCE_CONFLICT)) return holdWithdrawal(app, order, outcome.reason);
  // Sent again without an answer: a new window for that request to land.
  const [pending] = await app.db
    .update(withdrawals)
    .set({ failure: outcome.reason.slice(0, 500), updatedAt: app.now() })
    .where(and(eq(withdrawals.code, order.code), eq(withdrawals.status, 'PENDING')))
    .returning();
  return pending ?? order;
}

/**
 * Keeps a PENDING order whose `<code>:out` the provider holds as another transfer: the failure says both
 * sides for staff, and the worker only looks it up again after CONFLICT_REVISIT_MS (a provider that corrects
 * its record is then booked, or re-sent under the same reference once the window has passed since).
 */
async function holdWithdrawal(
  app: FastifyInstance,
  order: WithdrawalRow,
  failure: string,
): Promise<WithdrawalRow> {
  const now = app.now();
  const [held] = await app.db
    .update(withdrawals)
    .set({
      failure: failure.slice(0, 500),
      nextAttemptAt: new Date(now.getTime() + CONFLICT_REVISIT_MS),
      updatedAt: now,
    })
    .where(and(eq(withdrawals.code, order.code), eq(withdrawals.status, 'PENDING')))
    .returning();
  return held ?? order;
}
