import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted the page and has a moment to spare: for parts
 * that no first paint shows. What they fetch then no longer competes with the start-up files on a slow network
 * (Lighthouse counted every request made before the largest paint towards it).
 */
export function useIsAfterFirstPaint(): boolean {
  const [isAfterFirstPaint, setIsAfterFirstPaint] = useState(false);
  useEffect(() => {
    const done = () => setIsAfterFirstPaint(true);
    let idle: (() => void) | undefined;
    // An animation frame runs before the next paint; the idle callback (or timer, in Safari) after it.
    const frame = requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(done, { timeout: 1000 });
        idle = () => cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(done, 0);
        idle = () => window.clearTimeout(id);
      }
    });
    return () => {
      cancelAnimationFrame(frame);
      idle?.();
    };
  }, []);
  return isAfterFirstPaint;
}
