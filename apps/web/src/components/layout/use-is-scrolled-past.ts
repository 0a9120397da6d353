import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the page is scrolled below `marker`, an element placed at that depth. An IntersectionObserver
 * answers after the browser's own layout; reading `window.scrollY` on mount (Mantine's useWindowScroll) forced
 * the page's first layout inside the start-up script, its longest task on a slow phone, and a scroll listener
 * re-rendered on every scroll event.
 */
export function useIsScrolledPast(marker: RefObject<HTMLElement | null>): boolean {
  const [isScrolledPast, setIsScrolledPast] = useState(false);
  useEffect(() => {
    const element = marker.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      // Out of view above the viewport, not below it (a window shorter than the marker's depth).
      if (entry) setIsScrolledPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [marker]);
  return isScrolledPast;
}
