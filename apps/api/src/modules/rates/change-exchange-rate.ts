import { canonicalRate, type TSetExchangeRateRequest } from '@lc/shared/contracts/rates';
import type { Db } from '../../db/client';
import type { ApprovalRow } from '../../db/schema/approvals';
import type { ExchangeRateRow } from '../../db/schema/rates';
import type { OpsActor } from '../../plugins/ops-auth';
import { requestApproval } from '../approvals/request-approval';
import type { AuditScope } from '../ops/record-audit';
import { applyExchangeRate } from './apply-exchange-rate';
import { checkRateRange } from './check-rate-range';
import { findCurrentRate } from './get-current-rates';
import { isLargeRateChange } from './is-large-rate-change';
import { toExchangeRateDto } from './to-exchange-rate-dto';

export type ChangeExchangeRateInput = TSetExchangeRateRequest & {
  agencyId: string;
  caller: OpsActor;
  scope: AuditScope;
  now: Date;
};

/**
 * PUT exchange-rates: a rate outside its currency's bounds or the band around the rate in force is refused
 * (RATE_OUT_OF_RANGE, decision 0064) before anything is filed; within them a move of at most 5 % (or a first
 * rate) is set at once, a larger one becomes a RATE_CHANGE request for a second finance/admin member, who
 * sets exactly the requested rate (checked again then against the rate in force at that time).
 */
export async function changeExchangeRate(
  db: Db,
  input: ChangeExchangeRateInput,
): Promise<{ rate: ExchangeRateRow } | { approval: ApprovalRow }> {
  return db.transaction(async (tx) => {
    const current = await findCurrentRate(tx, input.agencyId, input.currency);
    const previous = current ? toExchangeRateDto(current) : null;
    // The request schema already made them canonical; again here for any other caller.
    const next = { buy: canonicalRate(input.buy), sell: canonicalRate(input.sell) };
    checkRateRange(input.currency, next, previous);
    if (previous && isLargeRateChange(previous, next)) {
      const approval = await requestApproval(tx, {
        agencyId: input.agencyId,
        kind: 'RATE_CHANGE',
        payload: {
          currency: input.currency,
          buy: next.buy,
          sell: next.sell,
          previousBuy: previous.buy,
          previousSell: previous.sell,
        },
        reason: 'rate change of more than 5 %',
        caller: input.caller,
        scope: input.scope,
        now: input.now,
      });
      return { approval };
    }
    const rate = await applyExchangeRate(tx, { ...input, ...next, actor: input.caller.name });
    return { rate };
  });
}
