import type { ComponentType } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { Lazy } from './Lazy';
import { useNear } from './use-near';

/**
 * A panel whose code is fetched when its place comes within a screen of the viewport: a visit
 * that never scrolls there does not download it (the first visit's budget, quality.test.mjs).
 */
export function LazyNear({
  load,
  testId,
  onNear,
  placeholder = 'panel placeholder',
}: {
  load: () => Promise<ComponentType>;
  /** the class of its place until then: a dashed panel, unless the place is a line of text */
  placeholder?: string;
  /** the panel's test id, on its place too (tests scroll to it to bring the panel) */
  testId?: string;
  /**
   * what the panel starts once near, said here rather than by the panel: content above can grow
   * while the panel's code downloads and push the panel a screen away before it first looks
   */
  onNear?: () => void;
}) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useNear(place, () => {
    onNear?.();
    setNear(true);
  });
  if (near) return <Lazy load={load} />;
  return <div ref={place} class={placeholder} aria-hidden="true" data-testid={testId} />;
}
