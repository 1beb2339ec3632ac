import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';

/**
 * Calls `onNear` once, when the element comes within a screen of the viewport (at once where
 * IntersectionObserver is missing): what a panel needs is fetched just before it is seen.
 */
export function useNear(element: RefObject<HTMLElement | null>, onNear: () => void): void {
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
      { rootMargin: '100% 0px' },
    );
    observer.observe(element.current);
    return () => observer.disconnect();
    // onNear is called once per element: a new closure on each render must not restart it.
  }, [element]);
}
