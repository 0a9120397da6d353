import type { TPromotionInput } from '@lc/shared/contracts/promotions';
import { parseMoney } from '@lc/shared/money';
import type { AgencyRow } from '../../db/schema/agency';
import { AppError } from '../../lib/app-error';

/**
 * A promotion's deposit must be one the agency accepts: a deposit outside its range is refused
 * (AMOUNT_OUT_OF_RANGE), so such a promotion could be taken but never paid.
 */
export function checkPromotionDepositAmount(agency: AgencyRow, input: TPromotionInput): void {
  const amount = parseMoney(input.depositAmount, 'LAK');
  if (amount < agency.depositMinLak || amount > agency.depositMaxLak) {
    throw new AppError(400, 'VALIDATION_ERROR', "The deposit amount is outside the agency's deposit range", {
      depositAmount: 'INVALID',
    });
  }
}
