import type { TWithdrawRecordStatus } from '@lc/shared/contracts/orders';
import { useEffect, useRef } from 'react';
import { useOrderEvents, useOrderEventsState } from '@/lib/order-events';
import { getOpenDeposits } from '../api/get-open-deposits';

// While the event stream is unavailable: how often the open deposit is looked for (one cheap read).
export const FALLBACK_POLL_MS = 5000;

/**
 * Follows the QR's order without the player pressing Check. `onChange` gets the order's new status from the
 * event stream, or null when it must be read again: the stream came back after a drop, or (while the stream
 * is unavailable) the order has left the player's open orders.
 */
export function useDepositEvents(
  code: string,
  isOpen: boolean,
  onChange: (status: TWithdrawRecordStatus | null) => void,
): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useOrderEvents({
    onOrder: (event) => {
      if (event.kind === 'deposit' && event.code === code) latest.current(event.status);
    },
    onResync: () => latest.current(null),
  });

  const isPolling = useOrderEventsState() === 'unavailable' && isOpen;
  useEffect(() => {
    if (!isPolling) return;
    const controller = new AbortController();
    const timer = window.setInterval(async () => {
      try {
        const { orders } = await getOpenDeposits(controller.signal);
        if (!orders.some((order) => order.code === code)) latest.current(null);
      } catch {
        // A failed poll is tried again at the next tick.
      }
    }, FALLBACK_POLL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [code, isPolling]);
}
