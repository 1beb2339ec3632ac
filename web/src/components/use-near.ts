import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';

/**
 * Calls `onNear` once, when the element comes within `margin` of the viewport (a screen unless
 * said; at once where IntersectionObserver is missing): what a panel needs is fetched just before
 * it is seen.
 */
export function useNear(
  element: RefObject<HTMLElement | null>,
  onNear: () => void,
  margin = '100% 0px',
): void {
  useEffect(() => {
    if (!element.current) return;
    if (typeof IntersectionObserver === 'undefined') {
      onNear();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        onNear();
        observer.disconnect();
      },
      { rootMargin: margin },
    );
    observer.observe(element.current);
    return () => observer.disconnect();
    // onNear is called once per element: a new closure on each render must not restart it.
  }, [element]);
}
