// The aggregator's error codes (its "Error Code" table; docs/decisions/0071-aggregator-protocol.md) as they
// bear on a transfer. Every answer carries `errCode` as a string; "0" is success.

/**
 * Codes that refuse a transfer before anything moved, by the name our outcome carries. The player's own
 * refusals keep the aggregator's name; refusals that are the platform's problem (its credit at the
 * aggregator, a product switched off, our parameters or signature) are named `AGGREGATOR_…`, which the
 * player sees as "provider unavailable" (withdrawals/refusal-error.ts), not as "not enough credit".
 */
const REFUSALS: Readonly<Record<string, string>> = {
  '61': 'CURRENCY_NOT_SUPPORT',
  '72': 'INSUFFICIENT_BALANCE',
  '73': 'INVALID_TRANSFER_AMOUNT',
  '74': 'INVALID_TRANSFER_AMOUNT_TWO_DECIMAL_ONLY',
  '75': 'NOT_ALLOW_TO_MAKE_TRANSFER_WHILE_IN_GAME',
  '81': 'MEMBER_NOT_FOUND',
  '70': 'AGGREGATOR_INSUFFICIENT_KIOSK_BALANCE',
  '-998': 'AGGREGATOR_INSUFFICIENT_KIOSK_BALANCE',
  '90': 'AGGREGATOR_INVALID_PARAMETER',
  '91': 'AGGREGATOR_INVALID_OPERATOR',
  '92': 'AGGREGATOR_INVALID_PROVIDERCODE',
  '93': 'AGGREGATOR_INVALID_PARAMETER_TYPE',
  '94': 'AGGREGATOR_INVALID_PARAMETER_USERNAME',
  '95': 'AGGREGATOR_INVALID_PARAMETER_PASSWORD',
  '97': 'AGGREGATOR_INVALID_PARAMETER_EMPTY_DOMAINNAME',
  '98': 'AGGREGATOR_INVALID_USERNAME_OR_PASSWORD',
  '99': 'AGGREGATOR_INVALID_SIGNATURE',
  '600': 'AGGREGATOR_PRE_CHECK_FAILED',
  '601': 'AGGREGATOR_DEPOSITS_BLOCKED',
  '602': 'AGGREGATOR_WITHDRAWALS_BLOCKED',
  '603': 'AGGREGATOR_TRANSFERS_DISABLED_FOR_MAINTENANCE',
  '991': 'AGGREGATOR_OPERATOR_STATUS_INACTIVE',
  '992': 'AGGREGATOR_PRODUCT_NOT_SUPPORTED_GAMETYPE',
  '994': 'AGGREGATOR_ACCESS_PROHIBITED',
  '995': 'AGGREGATOR_PRODUCT_NOT_ACTIVATED',
  '996': 'AGGREGATOR_PRODUCT_NOT_AVAILABLE',
};

/** The reference id was refused: malformed, or already used (perhaps for another transfer). */
export const REFERENCE_REFUSED = '71';

/**
 * Codes after which the transfer's fate is not known: the aggregator says so for 997 and 999 ("status could
 * be success/fail", check it with checkTransaction), and 998, 9999, -997, -999 are its own failures.
 */
const STATUS_UNKNOWN = new Set(['997', '998', '999', '9999', '-997', '-999']);

/** Answered by checkTransaction for a reference it does not hold. */
export const RECORD_NOT_FOUND = '-987';
/** The member was already there (createMember): what ensuring it wants. */
export const MEMBER_EXISTED = '82';
export const MEMBER_NOT_FOUND = '81';

/**
 * Codes that say a product cannot do what was asked (the kick of a member is documented for one product):
 * asking again would not help.
 */
export const NOT_OFFERED = new Set(['92', '992', '995', '996', '-997']);

export type TransferAnswer =
  | { kind: 'applied' }
  | { kind: 'refused'; code: string }
  | { kind: 'reference-refused' }
  | { kind: 'unknown'; reason: string };

/** What a makeTransfer `errCode` says about the transfer. An unknown code is never read as a refusal. */
export function transferAnswerOf(errCode: string, errMsg: string): TransferAnswer {
  if (errCode === '0') return { kind: 'applied' };
  const refusal = REFUSALS[errCode];
  if (refusal) return { kind: 'refused', code: refusal };
  if (errCode === REFERENCE_REFUSED) return { kind: 'reference-refused' };
  const said = `errCode ${errCode}${errMsg ? ` (${errMsg.slice(0, 80)})` : ''}`;
  if (STATUS_UNKNOWN.has(errCode)) return { kind: 'unknown', reason: `status unknown: ${said}` };
  return { kind: 'unknown', reason: `unknown error code: ${said}` };
}
