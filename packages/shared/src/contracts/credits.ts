import { z } from 'zod';

/**
 * `{provider}` of the credit and game routes. A plain string on purpose: the route answers an unknown name
 * with 400 UNKNOWN_PROVIDER (api.md), not with a generic VALIDATION_ERROR.
 */
export const ZProviderParams = z.object({ provider: z.string() });
export type TProviderParams = z.infer<typeof ZProviderParams>;

/** A player's credit at one provider (spec section 3): THB with two decimals, e.g. "1250.00". */
export const ZCredit = z.object({ amount: z.string(), currency: z.literal('THB') });
export type TCredit = z.infer<typeof ZCredit>;

/** GET /api/v2/players/credits/{provider}. */
export const ZCreditResponse = z.object({ credit: ZCredit });
export type TCreditResponse = z.infer<typeof ZCreditResponse>;
