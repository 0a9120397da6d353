import { useEffect, useState } from 'react';

/**
 * `opened`, but false during the first render. A lazy drawer mounts already open on its first use, and
 * Mantine remembers the element to give focus back to only when `opened` changes after mounting: without
 * this, closing the drawer the first time left the keyboard on <body> instead of the button that opened it.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => setIsMounted(true), []);
  return opened && isMounted;
}
