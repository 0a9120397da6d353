import { z } from 'zod';
import { ZBank } from '../providers';

export const OWNERS = ['SELF', 'FAMILY'] as const;

export const ZBankAccount = z.object({
  id: z.string(),
  bank: ZBank,
  /** Masked except the last four digits; the full number never leaves the server after creation. */
  accountNumber: z.string(),
  accountName: z.string(),
  currency: z.literal('LAK'),
  owner: z.enum(OWNERS),
  createdAt: z.string(),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;
