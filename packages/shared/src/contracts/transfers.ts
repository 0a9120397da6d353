import { z } from 'zod';
import { ZProvider } from '../providers';
import { ZPage } from './common';

/**
 * POST /api/v2/credits/transfer (Idempotency-Key header required): moves THB credit from one provider to
 * another in one step (decision 0072). `from`/`to` are provider names (an unknown one is 400
 * UNKNOWN_PROVIDER, as on the credit routes); `amount` is THB with at most two decimals ("150.00"), above
 * zero. The same provider twice or a zero amount is 400 VALIDATION_ERROR (`fields.to` / `fields.amount`).
 */
export const ZCreateTransferRequest = z
  .object({
    from: z.string().min(1),
    to: z.string().min(1),
    amount: z
      .string()
      .regex(/^\d{1,11}(\.\d{1,2})?$/, { message: 'INVALID' })
      .refine((text) => /[1-9]/.test(text), { message: 'INVALID' }),
  })
  .refine((body) => body.from !== body.to, { path: ['to'], message: 'INVALID' });
export type TCreateTransferRequest = z.infer<typeof ZCreateTransferRequest>;

/**
 * What the player sees of a transfer:
 * - SUCCESS: the credit left `from` and arrived at `to`;
 * - PENDING: it is under way (the answer of a provider was lost, or it waits for a retry); the server
 *   finishes it by itself — never lost, never doubled;
 * - RETURNED: `to` could not take it, and the credit went back to `from`;
 * - FAILED: `from` refused it (not enough credit there); nothing moved.
 */
export const TRANSFER_STATUSES = ['SUCCESS', 'PENDING', 'RETURNED', 'FAILED'] as const;
export const ZTransferStatus = z.enum(TRANSFER_STATUSES);
export type TTransferStatus = z.infer<typeof ZTransferStatus>;

/** A transfer between providers as the player sees it. */
export const ZTransferRecord = z.object({
  /** `T<yymmdd><number><XX>`; the provider references are `<reference>:out`, `:in`, `:back`. */
  reference: z.string(),
  from: ZProvider,
  to: ZProvider,
  /** THB credit moved, two decimals. */
  amount: z.string(),
  status: ZTransferStatus,
  /** ISO-8601 UTC. */
  createdAt: z.string(),
});
export type TTransferRecord = z.infer<typeof ZTransferRecord>;

/** 200 of POST /api/v2/credits/transfer: SUCCESS, PENDING or RETURNED (a refusal is an error answer). */
export const ZTransferResponse = z.object({ transfer: ZTransferRecord });
export type TTransferResponse = z.infer<typeof ZTransferResponse>;

/** GET /api/v2/credits/transfers?page&pageSize: the player's transfers, newest first (the page of deposits). */
export const ZTransferPage = ZPage(ZTransferRecord);
export type TTransferPage = z.infer<typeof ZTransferPage>;
