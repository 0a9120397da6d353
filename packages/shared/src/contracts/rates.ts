import { z } from 'zod';
import { compareRates, formatRate, MoneyFormatError, parseRate } from '../money';

/** Currencies with an exchange rate: LAK per unit of each (domain.md). */
export const RATE_CURRENCIES = ['THB', 'USD'] as const;
export const ZRateCurrency = z.enum(RATE_CURRENCIES);
export type TRateCurrency = z.infer<typeof ZRateCurrency>;

/**
 * The widest rates ops may set, kip per unit, inclusive, whatever the rate in force (decision 0064): far
 * outside anything the kip has been or plausibly will be soon, so a typo such as "0.001" is refused.
 */
export const RATE_BOUNDS: Readonly<Record<TRateCurrency, { readonly min: string; readonly max: string }>> = {
  THB: { min: '100', max: '5000' },
  USD: { min: '3000', max: '150000' },
};

/**
 * The band around the rate in force, per side, in percent of it (decision 0064): a new buy or sell must lie
 * between half and twice the one in force. A slip of a digit or of the decimal point (×10, ÷10) falls out.
 */
export const RATE_BAND_PERCENT = { min: 50n, max: 200n } as const;

/** One exchange-rate entry (spec section 3): LAK per unit, decimal strings such as "640.50". */
export const ZExchangeRate = z.object({ currency: ZRateCurrency, buy: z.string(), sell: z.string() });
export type TExchangeRate = z.infer<typeof ZExchangeRate>;

export const ZExchangeRatesResponse = z.object({ rates: z.array(ZExchangeRate) });
export type TExchangeRatesResponse = z.infer<typeof ZExchangeRatesResponse>;

// The field code of a rate string that parseRate refuses: not a decimal, or zero / negative.
function rateProblem(text: string): 'INVALID_FORMAT' | 'INVALID' | null {
  try {
    parseRate(text);
    return null;
  } catch (error) {
    if (error instanceof MoneyFormatError)
      return error.code === 'NOT_POSITIVE' ? 'INVALID' : 'INVALID_FORMAT';
    throw error;
  }
}

/**
 * The canonical form of a valid rate string, the one stored and answered: no leading zeros, the decimals as
 * given ("0640.50" → "640.50", "640.5" stays "640.5"). Throws like parseRate on an invalid one.
 */
export function canonicalRate(text: string): string {
  return formatRate(parseRate(text));
}

const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined ? 'REQUIRED' : 'INVALID';

const ZRateText = z
  .string({ error: requiredOrInvalid })
  .trim()
  // Canonical before anything else reads it: the request, the four-eyes payload and the row all agree.
  .overwrite((text) => (rateProblem(text) ? text : canonicalRate(text)))
  .superRefine((text, ctx) => {
    const problem = rateProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * Ops: set one currency's rate. Both sides > 0 and buy ≤ sell (otherwise the house would lose on a round
 * trip); the values come out canonical. The bounds and the band (RATE_OUT_OF_RANGE) need the rate in force,
 * so the API checks them.
 */
export const ZSetExchangeRateRequest = z
  .object({
    currency: z.enum(RATE_CURRENCIES, { error: requiredOrInvalid }),
    buy: ZRateText,
    sell: ZRateText,
  })
  .superRefine((body, ctx) => {
    if (rateProblem(body.buy) || rateProblem(body.sell)) return;
    // Exactly, at a common scale: 640.5 and 640.50 are equal.
    if (compareRates(parseRate(body.buy), parseRate(body.sell)) > 0) {
      ctx.addIssue({ code: 'custom', path: ['buy'], message: 'INVALID' });
    }
  });
export type TSetExchangeRateRequest = z.infer<typeof ZSetExchangeRateRequest>;

/** Ops answer: the rate now in force, with when and by whom it was set. */
export const ZOpsExchangeRate = ZExchangeRate.extend({ updatedAt: z.string(), updatedBy: z.string() });
export const ZSetExchangeRateResponse = z.object({ rate: ZOpsExchangeRate });
export type TSetExchangeRateResponse = z.infer<typeof ZSetExchangeRateResponse>;
