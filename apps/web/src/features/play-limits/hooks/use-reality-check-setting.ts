import { useSyncExternalStore } from 'react';
import {
  readRealityCheck,
  subscribeRealityCheck,
  type TRealityCheckMinutes,
} from '../lib/reality-check-setting';

/** The reality-check interval chosen in this browser, kept in sync across the page and other tabs. */
export function useRealityCheckSetting(): TRealityCheckMinutes {
  return useSyncExternalStore(subscribeRealityCheck, () => readRealityCheck(localStorage));
}
