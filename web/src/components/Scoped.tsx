import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import { AppContext, useApp } from '../state/context';
import { scopedSignal } from '../state/stable';

/**
 * Gives its children their own view of the report: they re-render when a part of the report they
 * read changes, not on every keystroke (state/stable.ts). The panels inside need no change.
 */
export function Scoped({ children }: { children: ComponentChildren }) {
  const app = useApp();
  const scoped = useMemo(() => ({ ...app, report: scopedSignal(app.report) }), [app]);
  return <AppContext.Provider value={scoped}>{children}</AppContext.Provider>;
}
