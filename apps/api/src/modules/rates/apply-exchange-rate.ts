import type { TRateCurrency } from '@lc/shared/contracts/rates';
import type { DbOrTx } from '../../db/client';
import type { ExchangeRateRow } from '../../db/schema/rates';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { checkRateRange } from './check-rate-range';
import { findCurrentRate } from './get-current-rates';
import { setExchangeRate } from './set-exchange-rate';
import { toExchangeRateDto } from './to-exchange-rate-dto';

export type ApplyExchangeRateInput = {
  agencyId: string;
  currency: TRateCurrency;
  buy: string;
  sell: string;
  actor: string;
  scope: AuditScope;
  now: Date;
  /** The approved RATE_CHANGE request this carries out, named in the audit. */
  approval?: { id: string; requestedBy: string };
};

/**
 * Sets the rate and writes its audit entry in the caller's transaction: no change without a trail. The
 * bounds and the band are checked against the rate in force now (RATE_OUT_OF_RANGE): an approved request
 * may be older than the last change.
 */
export async function applyExchangeRate(tx: DbOrTx, input: ApplyExchangeRateInput): Promise<ExchangeRateRow> {
  const previous = await findCurrentRate(tx, input.agencyId, input.currency);
  checkRateRange(input.currency, input, previous ? toExchangeRateDto(previous) : null);
  const saved = await setExchangeRate(tx, {
    currency: input.currency,
    buy: input.buy,
    sell: input.sell,
    agencyId: input.agencyId,
    updatedBy: input.actor,
    now: input.now,
  });
  const { currency, buy, sell } = toExchangeRateDto(saved);
  await recordAudit(tx, {
    actor: input.actor,
    scope: input.scope,
    action: 'exchange-rate.set',
    target: `agency:${input.agencyId}`,
    details: {
      currency,
      buy,
      sell,
      previous: previous ? toExchangeRateDto(previous) : null,
      ...(input.approval ? { approval: input.approval.id, requestedBy: input.approval.requestedBy } : {}),
    },
    at: input.now,
  });
  return saved;
}
