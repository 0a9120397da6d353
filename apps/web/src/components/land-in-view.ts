import { type RefObject, useEffect, useRef } from 'react';

/**
 * Brings what the player must read now (a form's error, the result of an action) into view and gives it the
 * focus, so a phone scrolled to the button that was pressed shows it and a screen reader reads it (issue #40
 * item 3, docs/decisions/0074). Runs each time `shown` changes to a value that is not null, false or ''. The
 * element needs `tabIndex={-1}` and the `land-in-view` class (styles.css: its scroll margins keep it clear of
 * the sticky top bar and the phone's bottom bar).
 */
export function useLandInView<T extends HTMLElement>(shown: unknown): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || shown === null || shown === undefined || shown === false || shown === '') return;
    // 'nearest' scrolls only when it is out of sight, and no further than needed.
    element.scrollIntoView({ block: 'nearest' });
    element.focus({ preventScroll: true });
  }, [shown]);
  return ref;
}
