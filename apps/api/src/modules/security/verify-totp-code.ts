import { verify } from 'otplib';

/** RFC 6238 as every authenticator app does it: 6 digits, 30 s steps, SHA-1. */
export const TOTP_PERIOD_SECONDS = 30;
// ±1 step: a code typed just before its step ended, or on a phone whose clock is a little off, still works.
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/**
 * The time step of `code` when it is valid at `now` (±1 step) and newer than `afterStep`, else null.
 * Passing the last accepted step makes each code usable once.
 */
export async function verifyTotpCode(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
