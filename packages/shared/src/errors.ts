import { z } from 'zod';

/**
 * Every stable error code the API can answer with (api.md, domain.md, the spec's catalogue).
 * The web app translates each one under `errors.<CODE>` in all four languages.
 */
export const ERROR_CODES = [
  // conventions
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'CSRF',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'IDEMPOTENCY_KEY_REUSED',
  'INTERNAL',
  'UNKNOWN_PROVIDER',
  // agency and players
  'AGENCY_NOT_FOUND',
  'USERNAME_TAKEN',
  'INVALID_CREDENTIALS',
  'WRONG_CURRENT_PASSWORD',
  'PLAYER_BLOCKED',
  // two-step sign-in (TOTP): a code is needed / a code did not match / set-up while it is already on
  'TOTP_REQUIRED',
  'TOTP_INVALID',
  'PASSWORD_OR_CODE_WRONG',
  'TOTP_ALREADY_ENABLED',
  // bank accounts
  'BANK_ACCOUNT_EXISTS',
  'ACCOUNT_IN_USED',
  'ACCOUNT_NOT_FOUND',
  'ACCOUNT_NOT_ALLOWED',
  'BANK_ACCOUNT_REQUIRED',
  'BANK_UNAVAILABLE',
  // credits and games
  'PROVIDER_UNAVAILABLE',
  'GAME_NEEDS_DEPOSIT',
  // deposits and withdrawals
  'AMOUNT_OUT_OF_RANGE',
  'UNKNOWN_CHANNEL',
  'OPEN_ORDER',
  'DEPOSIT_NOT_ALLOWED',
  'DEPOSIT_NOT_PAID',
  'DEPOSIT_ALREADY_PAID',
  'INSUFFICIENT_CREDIT',
  'WITHDRAW_NOT_ALLOWED',
  // an order not in a state that allows the action / its provider transfer still has no known outcome
  'ORDER_NOT_OPEN',
  'TRANSFER_PENDING',
  // money off the happy path (domain.md): a bank payment already credited or refunded; a deposit whose
  // credit already reached the provider (a reject turns into completing it)
  'PAYMENT_ALREADY_RESOLVED',
  'DEPOSIT_ALREADY_CREDITED',
  // the agency's limits.creditBelow: a deposit while the provider's credit is at or above it (params.threshold)
  'CREDIT_NOT_BELOW',
  // promotions
  'PROMOTION_AMOUNT_MISMATCH',
  'PROMOTION_CREDIT_USED',
  'PROMOTION_CREDIT_NOT_REACHED',
  'PROMOTION_WITHDRAW_ALL',
  'PROMOTION_INACTIVE',
  'PROMOTION_ONE_AT_A_TIME',
  'PROMOTION_USED_BY_PROVIDER',
  'PROMOTION_ONLY_FOR_FIRST_ORDER',
  'PROMOTION_ALREADY_USED',
  'CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN',
  'PROMOTION_USAGE',
  // responsible play (api.md): a deposit over the player's own limit (params period, remaining); a restricted
  // account (params until); a time-out or self-exclusion that would end before the one in force
  'DEPOSIT_LIMIT_REACHED',
  'ACCOUNT_TIMED_OUT',
  'ACCOUNT_SELF_EXCLUDED',
  'RESTRICTION_ACTIVE',
] as const;

/**
 * Codes only staff (the ops API and the back office) can receive; the player app never sees them, so its
 * catalogue does not carry them.
 */
export const STAFF_ERROR_CODES = [
  // the call needs a higher role than the caller's
  'FORBIDDEN_ROLE',
  // the requester of a four-eyes request tried to decide it / OPS_TOKEN tried to decide one
  'SAME_STAFF',
  'AUTOMATION_CANNOT_APPROVE',
  // a request already approved or rejected / a withdrawal whose four-eyes request still waits for a decision
  'APPROVAL_NOT_PENDING',
  'APPROVAL_PENDING',
  // first sign-in: the member must enrol TOTP and set a password before anything else
  'STAFF_SETUP_REQUIRED',
  // an own account cannot be deactivated or re-roled by its owner; the change would leave nothing to do
  'STAFF_CHANGE_NOT_ALLOWED',
  // an exchange rate outside its currency's bounds or the band around the rate in force (decision 0064);
  // params currency, buyMin, buyMax, sellMin, sellMax (kip, inclusive) and fields name the side(s) at fault
  'RATE_OUT_OF_RANGE',
  // the platform's agencies: a host another agency answers on (params.host)
  'HOST_TAKEN',
  // provider credentials cannot be sealed: the deployment has no SECRETS_KEY (go-live)
  'SECRETS_KEY_MISSING',
] as const;

export const ZErrorCode = z.enum([...ERROR_CODES, ...STAFF_ERROR_CODES]);
export type TErrorCode = z.infer<typeof ZErrorCode>;

/** Field-level validation codes carried in `error.fields`. */
export const FIELD_ERROR_CODES = [
  'REQUIRED',
  'INVALID',
  'TOO_SHORT',
  'TOO_LONG',
  'INVALID_FORMAT',
  'PASSWORD_MISMATCH',
  'COMMON_PASSWORD',
  'PASSWORD_CONTAINS_NAME',
  'MUST_ACCEPT',
] as const;
export type TFieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export const ZApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
    params: z.record(z.string(), z.string()).optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;
