import type { TFingerprintPayload } from '@lc/shared/contracts/fingerprint';
import { apiRequest } from '@lc/ui/api-client';

export function sendFingerprint(fingerprint: TFingerprintPayload): Promise<void> {
  return apiRequest('/v2/fingerprint', { method: 'POST', body: { fingerprint } });
}
