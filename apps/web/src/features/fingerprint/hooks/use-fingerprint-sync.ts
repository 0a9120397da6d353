import { useEffect } from 'react';
import { sendFingerprint } from '../api/send-fingerprint';
import {
  readStoredFingerprint,
  shouldSendFingerprint,
  writeStoredFingerprint,
} from '../lib/should-send-fingerprint';

/** For a signed-in player: sends the device fingerprint when it changed or was last sent on another day. */
export function useFingerprintSync(agencyId: string, isSignedIn: boolean) {
  useEffect(() => {
    if (!isSignedIn) return;
    let isCancelled = false;
    const run = async () => {
      // Loaded here, for signed-in players only: not part of a first visit's script (decision 0077).
      const { collectFingerprint } = await import('../lib/collect-fingerprint');
      const payload = await collectFingerprint();
      const now = new Date();
      if (isCancelled) return;
      if (!shouldSendFingerprint(readStoredFingerprint(localStorage, agencyId), payload.fingerprint, now))
        return;
      await sendFingerprint(payload);
      writeStoredFingerprint(localStorage, agencyId, payload.fingerprint, now);
    };
    // Fingerprinting is best effort: a failure must never disturb the player; it is retried next visit.
    run().catch(() => undefined);
    return () => {
      isCancelled = true;
    };
  }, [agencyId, isSignedIn]);
}
