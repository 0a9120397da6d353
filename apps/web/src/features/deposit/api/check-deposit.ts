import type { TDepositRecord, TDepositResponse } from '@lc/shared/contracts/deposits';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { nextPollDelay } from '../lib/poll-delay';

/** Asks the bank whether the order is paid: 200 with PAID or SUCCESS, 409 DEPOSIT_NOT_PAID otherwise. */
export function checkDeposit(code: string): Promise<TDepositResponse> {
  return apiRequest<TDepositResponse>(`/v2/deposits/${encodeURIComponent(code)}/check`, { method: 'POST' });
}

export function useCheckDeposit() {
  return useMutation({ mutationFn: checkDeposit });
}

/**
 * Follows a PAID deposit until it is credited: re-checks while the answer is PAID and answers the first
 * other status (SUCCESS, FAILED, REJECTED), or the PAID order whose payment waits for staff (`review`: it is
 * not credited by itself). A failed re-check is simply tried again at the next tick.
 * A timer rather than a polling query: the check is a POST and its answer is not cached data.
 */
export function useDepositProgress(code: string, isEnabled: boolean): TDepositRecord | null {
  const [settled, setSettled] = useState<TDepositRecord | null>(null);
  useEffect(() => {
    if (!isEnabled) return;
    let polls = 0;
    let timer: number | undefined;
    let isStopped = false;
    const tick = async () => {
      try {
        const { order } = await checkDeposit(code);
        if (isStopped) return;
        if (order.status !== 'PAID' || order.review !== null) {
          setSettled(order);
          return;
        }
      } catch {
        if (isStopped) return;
      }
      polls += 1;
      timer = window.setTimeout(tick, nextPollDelay(polls));
    };
    timer = window.setTimeout(tick, nextPollDelay(0));
    return () => {
      isStopped = true;
      window.clearTimeout(timer);
    };
  }, [code, isEnabled]);
  return settled;
}
