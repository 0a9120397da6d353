import { isApiError } from '@lc/ui/api-client';
import { useCallback, useMemo, useRef } from 'react';
import { idempotencyKeyFor, isUnsettledStatus, type SubmissionAttempt } from '../lib/idempotency-key';

/**
 * The Idempotency-Key of a form's submissions: `keyFor(body)` before sending, `settle(error?)` after the
 * answer. Sending the same body again after a failure with no definite answer reuses the key.
 */
export function useSubmissionKey() {
  const attempt = useRef<SubmissionAttempt | null>(null);
  const keyFor = useCallback((body: unknown) => {
    const text = JSON.stringify(body);
    const key = idempotencyKeyFor(attempt.current, text);
    attempt.current = { key, body: text, isSettled: false };
    return key;
  }, []);
  const settle = useCallback((error?: unknown) => {
    if (!attempt.current) return;
    const isUnknownOutcome = error !== undefined && (!isApiError(error) || isUnsettledStatus(error.status));
    attempt.current = { ...attempt.current, isSettled: !isUnknownOutcome };
  }, []);
  return useMemo(() => ({ keyFor, settle }), [keyFor, settle]);
}
