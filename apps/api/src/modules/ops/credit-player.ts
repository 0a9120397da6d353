import { formatMinor } from '@lc/shared/money';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { GameProvider, TransferOutcome } from '../../adapters/providers/game-provider';
import type { Db } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import { type OpsCreditRow, opsCredits } from '../../db/schema/ops-credits';
import { players } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/is-uuid';
import { ensureProviderMember } from '../credits/ensure-provider-member';
import { houseAccount, playerProviderAccount } from '../ledger/account-key';
import { postTransaction } from '../ledger/post-transaction';
import { type AuditEntry, type AuditScope, recordAudit } from './record-audit';

export type CreditPlayerInput = {
  agency: AgencyRow;
  playerId: string;
  provider: GameProvider;
  /** THB satang: > 0 credits the player (transfer in); < 0, from an approved adjustment, takes it back (out). */
  amount: bigint;
  /** Why staff credit the player: required (an adjustment is audited with its reason). */
  reason: string;
  /** Idempotency-Key (or a fresh UUID): the reference is `ops-credit:<key>`. */
  key: string;
  actor: string;
  scope: AuditScope;
  now: Date;
  log: FastifyBaseLogger;
};

/** The provider and ledger reference of an operator's credit. */
export const opsCreditReference = (key: string) => `ops-credit:${key}`;

/**
 * An operator's credit: transferred in to the provider under `ops-credit:<key>` and, once the provider has
 * applied it, booked as an ADJUSTMENT from the house (domain.md rule 6): it lets the player open games but
 * never counts as a deposit, a first deposit or turnover. A lost answer leaves it
 * PENDING; repeating the call with the same key resumes it under the same reference, which the provider and
 * the ledger both accept only once — so it can never be credited twice. Every outcome is audited.
 */
export async function creditPlayer(db: Db, input: CreditPlayerInput): Promise<OpsCreditRow> {
  const { agency, provider, amount, now } = input;
  const reference = opsCreditReference(input.key);
  const [player] = isUuid(input.playerId)
    ? await db
        .select({ id: players.id })
        .from(players)
        .where(and(eq(players.id, input.playerId), eq(players.agencyId, agency.id)))
    : [];
  if (!player) throw new AppError(404, 'NOT_FOUND', 'No such player');

  let credit = await findCredit(db, reference);
  if (credit) {
    const isSameRequest =
      credit.playerId === player.id && credit.provider === provider.provider && credit.amount === amount;
    if (!isSameRequest)
      throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', 'This key was used for another credit');
    if (credit.status === 'APPLIED') return credit;
    if (credit.status === 'REJECTED') throw refused(credit.failure);
  }

  // Before anything is recorded or sent: a provider that is down answers 503 and nothing is pending.
  const owner = { agencyId: agency.id, agencyCode: agency.code, playerId: player.id };
  const member = await ensureProviderMember(db, provider, owner, input.log);
  if (!credit) {
    await db
      .insert(opsCredits)
      .values({
        reference,
        agencyId: agency.id,
        playerId: player.id,
        provider: provider.provider,
        amount,
        reason: input.reason,
        status: 'PENDING',
        actor: input.actor,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    // A parallel call with the same key may have inserted it first: carry on with that row.
    credit = (await findCredit(db, reference)) as OpsCreditRow;
  }

  let outcome: TransferOutcome;
  try {
    outcome = await provider.transfer(
      member,
      amount > 0n ? 'in' : 'out',
      amount > 0n ? amount : -amount,
      reference,
    );
  } catch (error) {
    outcome = { status: 'unknown', reason: error instanceof Error ? error.message : String(error) };
  }
  const audit = (status: string, extra: Record<string, unknown> = {}): AuditEntry => ({
    actor: input.actor,
    scope: input.scope,
    action: 'player.credit',
    target: `player:${player.id}`,
    details: {
      reference,
      provider: provider.provider,
      amount: formatMinor(amount, 'THB'),
      reason: input.reason,
      status,
      ...extra,
    },
    at: now,
  });

  if (outcome.status === 'applied') {
    return db.transaction(async (tx) => {
      await postTransaction(tx, {
        agencyId: agency.id,
        kind: 'ADJUSTMENT',
        reference,
        playerId: player.id,
        provider: provider.provider,
        memo: input.reason,
        at: now,
        // Signed: a negative adjustment moves the credit from the player back to the house.
        entries: [
          { account: houseAccount('THB'), amount: -amount },
          { account: playerProviderAccount(player.id, provider.provider), amount },
        ],
      });
      const [applied] = await tx
        .update(opsCredits)
        .set({ status: 'APPLIED', failure: null, updatedAt: now })
        .where(eq(opsCredits.reference, reference))
        .returning();
      await recordAudit(tx, audit('APPLIED'));
      return applied as OpsCreditRow;
    });
  }

  const status = outcome.status === 'rejected' ? 'REJECTED' : 'PENDING';
  const failure = outcome.status === 'rejected' ? outcome.code : outcome.reason;
  input.log.warn({ reference, provider: provider.provider, outcome }, 'ops credit not applied');
  const [updated] = await db
    .update(opsCredits)
    .set({ status, failure, updatedAt: now })
    .where(and(eq(opsCredits.reference, reference), eq(opsCredits.status, 'PENDING')))
    .returning();
  await recordAudit(db, audit(status, { failure }));
  if (status === 'REJECTED') throw refused(failure);
  return updated ?? ((await findCredit(db, reference)) as OpsCreditRow);
}

async function findCredit(db: Db, reference: string): Promise<OpsCreditRow | undefined> {
  const [row] = await db.select().from(opsCredits).where(eq(opsCredits.reference, reference));
  return row;
}

function refused(code: string | null): AppError {
  return new AppError(503, 'PROVIDER_UNAVAILABLE', `The provider refused the credit (${code ?? 'no code'})`);
}
