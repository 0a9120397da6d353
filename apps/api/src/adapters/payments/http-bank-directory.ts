import type { TBank } from '@lc/shared/providers';
import { z } from 'zod';
import {
  ACCOUNT_STATUSES,
  type AccountLookup,
  type BankDirectory,
  BankUnavailableError,
} from './bank-directory';
import type { HttpBankClient } from './http-bank-client';

/** The directory's answer: always 200 with a status, so a 404 can only mean a wrong URL, never "no account". */
export const ZAccountLookupResponse = z.object({
  status: z.enum(ACCOUNT_STATUSES),
  accountName: z.string().max(200).nullable(),
});

/** `GET {BANK_URL}/accounts/{bank}/{accountNumber}` on the bank gateway (or the sandbox bank). */
export class HttpBankDirectory implements BankDirectory {
  constructor(private readonly client: HttpBankClient) {}

  async lookupAccount(bank: TBank, accountNumber: string): Promise<AccountLookup> {
    const path = `/accounts/${encodeURIComponent(bank)}/${encodeURIComponent(accountNumber)}`;
    const parsed = ZAccountLookupResponse.safeParse(await this.client.getIdempotent(path));
    if (!parsed.success) throw new BankUnavailableError('bank directory answered in an unknown shape');
    return parsed.data;
  }
}
