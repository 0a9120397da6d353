import type { ZOpenWithdrawalsResponse, ZWithdrawalResponse } from '@lc/shared/contracts/withdrawals';
import type { z } from 'zod';

// The contract exports the schemas of these two answers but not their types.
export type TWithdrawalResponse = z.infer<typeof ZWithdrawalResponse>;
export type TOpenWithdrawalsResponse = z.infer<typeof ZOpenWithdrawalsResponse>;
