import { z } from 'zod';
import { BANKS, type TBank, ZBank } from '../providers';

export const OWNERS = ['SELF', 'FAMILY'] as const;
export type TOwner = (typeof OWNERS)[number];

/** Account numbers are 10–18 digits once spaces and dashes are stripped (domain.md). */
export const ACCOUNT_NUMBER_MIN = 10;
export const ACCOUNT_NUMBER_MAX = 18;
export const ACCOUNT_NAME_MAX = 100;

/** Display names of the accepted banks (spec section 1), in the order the footer lists them. */
export const BANK_NAMES: Readonly<Record<TBank, string>> = {
  bcel: 'BCEL — Banque pour le Commerce Extérieur Lao',
  jdb: 'Joint Development Bank',
  ldb: 'Lao Development Bank',
  indochina: 'Indochina Bank',
  kasikam: 'Kasikornbank Lao',
  lvb: 'Lao-Viet Bank',
};

/** `"010-1234 567890"` → `"0101234567890"`: people copy numbers with the bank's own grouping. */
export function normalizeAccountNumber(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

// A missing field says REQUIRED, anything else the wrong value INVALID (the form shows either).
const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined ? 'REQUIRED' : 'INVALID';

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

export const ZBankAccountsResponse = z.object({ playerAccounts: z.array(ZBankAccount) });
export type TBankAccountsResponse = z.infer<typeof ZBankAccountsResponse>;

export const ZCreateBankAccountRequest = z.object({
  bank: z.enum(BANKS, { error: requiredOrInvalid }),
  accountNumber: z
    .string({ error: requiredOrInvalid })
    .max(64, { message: 'TOO_LONG' })
    .transform(normalizeAccountNumber)
    .pipe(
      z
        .string()
        .min(1, { message: 'REQUIRED' })
        .regex(/^\d*$/, { message: 'INVALID_FORMAT' })
        .min(ACCOUNT_NUMBER_MIN, { message: 'TOO_SHORT' })
        .max(ACCOUNT_NUMBER_MAX, { message: 'TOO_LONG' }),
    ),
  accountName: z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, { message: 'REQUIRED' })
    .max(ACCOUNT_NAME_MAX, { message: 'TOO_LONG' }),
  // Bank accounts are LAK only (spec section 9).
  currency: z.literal('LAK', { error: requiredOrInvalid }),
  owner: z.enum(OWNERS, { error: requiredOrInvalid }),
});
export type TCreateBankAccountRequest = z.infer<typeof ZCreateBankAccountRequest>;

export const ZBankAccountResponse = z.object({ bankAccount: ZBankAccount });
export type TBankAccountResponse = z.infer<typeof ZBankAccountResponse>;

export const ZBankInfo = z.object({ code: ZBank, name: z.string() });
export const ZBanksResponse = z.object({ banks: z.array(ZBankInfo) });
export type TBanksResponse = z.infer<typeof ZBanksResponse>;
