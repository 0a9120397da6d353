import type { TSetExchangeRateRequest } from '@lc/shared/contracts/rates';
import type { Db } from '../../db/client';
import type { ApprovalRow } from '../../db/schema/approvals';
import type { ExchangeRateRow } from '../../db/schema/rates';
import type { OpsActor } from '../../plugins/ops-auth';
import { requestApproval } from '../approvals/request-approval';
import type { AuditScope } from '../ops/record-audit';
import { applyExchangeRate } from './apply-exchange-rate';
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
 * PUT exchange-rates: a move of at most 5 % (or a first rate) is set at once; a larger one becomes a
 * RATE_CHANGE request for a second finance/admin member, who sets exactly the requested rate.
 */
export async function changeExchangeRate(
  db: Db,
  input: ChangeExchangeRateInput,
): Promise<{ rate: ExchangeRateRow } | { approval: ApprovalRow }> {
  return db.transaction(async (tx) => {
    const current = await findCurrentRate(tx, input.agencyId, input.currency);
    const previous = current ? toExchangeRateDto(current) : null;
    if (previous && isLargeRateChange(previous, input)) {
      const approval = await requestApproval(tx, {
        agencyId: input.agencyId,
        kind: 'RATE_CHANGE',
        payload: {
          currency: input.currency,
          buy: input.buy,
          sell: input.sell,
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
    const rate = await applyExchangeRate(tx, { ...input, actor: input.caller.name });
    return { rate };
  });
}
