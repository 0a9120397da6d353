import { z } from 'zod';

const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** GET /api/ops/v1/reports/settlement?date=YYYY-MM-DD[&format=csv]: one day in Lao time (Asia/Vientiane). */
export const ZSettlementQuery = z.object({
  date: z
    .string({ error: (issue) => (issue.input === undefined ? 'REQUIRED' : 'INVALID') })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'INVALID' })
    .refine(isCalendarDate, { message: 'INVALID' }),
  format: z.enum(['json', 'csv']).default('json'),
});
export type TSettlementQuery = z.infer<typeof ZSettlementQuery>;

/** A count of things and their sum, as a decimal string (LAK whole kip, THB two decimals). */
export const ZCountedAmount = z.object({ count: z.number().int(), amount: z.string() });
export type TCountedAmount = z.infer<typeof ZCountedAmount>;

/**
 * The kip the bank reported paid on the day, by what became of each payment (its status now): matched to its
 * order, credited or refunded by staff, or still waiting for staff (unmatched). LAK.
 */
export const ZKipReceived = z.object({
  matched: ZCountedAmount,
  credited: ZCountedAmount,
  refunded: ZCountedAmount,
  unmatched: ZCountedAmount,
  total: ZCountedAmount,
});
export type TKipReceived = z.infer<typeof ZKipReceived>;

/** Deposits credited on the day: kip paid (LAK), credit sold and bonus given (THB). */
export const ZDepositsCredited = z.object({
  count: z.number().int(),
  lak: z.string(),
  thb: z.string(),
  bonus: z.string(),
});
export type TDepositsCredited = z.infer<typeof ZDepositsCredited>;

/** The ledger's BANK (LAK) account on the day: kip booked in and out, and in − out. */
export const ZBankMovement = z.object({ in: z.string(), out: z.string(), net: z.string() });
export type TBankMovement = z.infer<typeof ZBankMovement>;

/** One payment channel's day (`channel` null: payments of no order of the agency's, and payouts). */
export const ZSettlementChannel = z.object({
  channel: z.string().nullable(),
  kipReceived: ZKipReceived,
  depositsCredited: ZDepositsCredited,
  bank: ZBankMovement,
});
export type TSettlementChannel = z.infer<typeof ZSettlementChannel>;

/** Payouts booked on the day: paid out (approve or re-pay) and bounced back, LAK paid and THB credit. */
export const ZPayoutFigures = z.object({ count: z.number().int(), lak: z.string(), thb: z.string() });
export type TPayoutFigures = z.infer<typeof ZPayoutFigures>;

/**
 * GET /api/ops/v1/reports/settlement: the day's kip per channel beside the ledger's LAK bank movement, and
 * the day's totals. `house` is the day's result: credit sold − credit paid out (THB) and kip in − kip out
 * through the ledger's bank account (LAK).
 */
export const ZSettlementReport = z.object({
  date: z.string(),
  timeZone: z.literal('Asia/Vientiane'),
  from: z.string(),
  to: z.string(),
  channels: z.array(ZSettlementChannel),
  totals: z.object({
    kipReceived: ZKipReceived,
    depositsCredited: ZDepositsCredited,
    bank: ZBankMovement,
  }),
  payouts: z.object({ paid: ZPayoutFigures, bounced: ZPayoutFigures }),
  bonuses: z.object({ given: z.string(), takenBack: z.string() }),
  house: z.object({ thb: z.string(), lak: z.string() }),
});
export type TSettlementReport = z.infer<typeof ZSettlementReport>;
