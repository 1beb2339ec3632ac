// Renders only what a change touches. Every keystroke gives a new report (a fresh object parsed
// from the module's JSON), so anything that reads it would re-render; these signals keep their
// previous value while the part read is structurally the same, so a panel or an input re-renders
// only when what it shows has changed (tests/perf/page-timing.mjs measures the difference).
import { computed, type ReadonlySignal } from '@preact/signals';

/** Deep equality of JSON-like values (NaN equals NaN). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (const k of ka) if (!Object.hasOwn(rb, k) || !sameValue(ra[k], rb[k])) return false;
  return true;
}

/** A computed value that keeps its previous identity while it is structurally equal. */
export function stableComputed<T>(read: () => T): ReadonlySignal<T> {
  let last: { value: T } | undefined;
  return computed(() => {
    const next = read();
    if (last && sameValue(last.value, next)) return last.value;
    last = { value: next };
    return next;
  });
}

/**
 * `source` as seen by one panel: reading it records which of its top-level parts the panel used,
 * and the signal changes only when one of those parts changes. The values read are always the
 * newest (a part not read before is never stale); only the notification is narrowed. Panels keep
 * reading `app.report.value.training` as before (App.tsx gives each its own view of the report).
 */
export function scopedSignal<T extends object>(source: ReadonlySignal<T>): ReadonlySignal<T> {
  const used = new Set<PropertyKey>();
  let previous: T | undefined;
  let version = 0;
  const changed = computed(() => {
    const next = source.value;
    const before = previous;
    previous = next;
    if (before === undefined || used.size === 0) return ++version;
    for (const key of used) {
      if (!sameValue(before[key as keyof T], next[key as keyof T])) return ++version;
    }
    return version;
  });
  const handler: ProxyHandler<T> = {
    get(_target, key) {
      used.add(key);
      return source.peek()[key as keyof T];
    },
    has(_target, key) {
      used.add(key);
      return key in source.peek();
    },
    ownKeys() {
      const current = source.peek();
      for (const key of Reflect.ownKeys(current)) used.add(key);
      return Reflect.ownKeys(current);
    },
    getOwnPropertyDescriptor(_target, key) {
      used.add(key);
      const descriptor = Reflect.getOwnPropertyDescriptor(source.peek(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  };
  // A new proxy per version: the signal's value must change identity for readers to re-render.
  return computed(() => {
    changed.value;
    return new Proxy({} as T, handler);
  });
}
