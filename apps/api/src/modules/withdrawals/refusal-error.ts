import { AppError } from '../../lib/app-error';

// Codes that say the provider (or what is in front of it) failed, rather than refused this transfer. The
// aggregator protocol names its own such refusals AGGREGATOR_… (its credit there, a product switched off or in
// maintenance: adapters/providers/fundtransfer-codes.ts).
const PROVIDER_FAILURE = /^(SANDBOX_FAULT|INTERNAL|HTTP_5\d\d|AGGREGATOR_[A-Z_]+)$/;

/** True when a refusal code says the provider failed (worth another try), not that it refused the transfer. */
export function isProviderFailure(code: string): boolean {
  return PROVIDER_FAILURE.test(code);
}

/**
 * The player's answer to a transfer out the provider refused: its own failure → 503 PROVIDER_UNAVAILABLE;
 * any refusal of the transfer itself (insufficient balance, unknown member, …) → 409 INSUFFICIENT_CREDIT.
 */
export function refusalError(code: string): AppError {
  if (isProviderFailure(code)) {
    return new AppError(503, 'PROVIDER_UNAVAILABLE', 'The provider is not available, try again later');
  }
  return new AppError(409, 'INSUFFICIENT_CREDIT', 'The provider refused: not enough credit');
}
