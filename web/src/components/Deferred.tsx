import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * Renders its children one task after the page's first paint, in `order`: the panels below the
 * fold then arrive in separate short tasks instead of one long one that blocks input.
 */
export function Deferred({
  order,
  placeholder = true,
  children,
}: {
  order: number;
  /** show an empty panel in its place until it is built */
  placeholder?: boolean;
  children: ComponentChildren;
}) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 16 * order);
    return () => clearTimeout(timer);
  }, [order]);
  if (ready) return <>{children}</>;
  return placeholder ? <div class="panel placeholder" aria-hidden="true" data-deferred /> : null;
}
