import { useEffect, useRef } from 'preact/hooks';
import type { ComponentType } from 'preact';
import { postHeightToParent } from '../embed/post-height';
import { useApp, useT } from '../state/context';
import { ComparisonTable } from './ComparisonTable';
import { InferenceFleet } from './InferenceFleet';
import { InferencePlan } from './InferencePlan';
import { LinkIssues } from './LinkIssues';
import { MemoryPanel } from './MemoryPanel';
import { SearchPanel } from './SearchPanel';
import { TimePanel } from './TimePanel';
import { TrainingPlan } from './TrainingPlan';

/** The panels `embed=` can name (core/src/plan_fields.cpp lists the same ids). */
const PANELS: Record<string, ComponentType> = {
  training: TrainingPlan,
  memory: MemoryPanel,
  time: TimePanel,
  search: SearchPanel,
  inference: InferencePlan,
  serving: InferenceFleet,
  comparison: ComparisonTable,
};

/**
 * The plan without the page around it, for an <iframe>: only the panels the link names, a way
 * to the full plan, and the content's height posted to the framing page whenever it changes.
 */
export function EmbedView() {
  const app = useApp();
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => (root.current ? postHeightToParent(root.current) : undefined), []);
  const full = app.absoluteLinkWith({ embed: '' });
  // Panel ids this page does not know are named by the core's validation; show the training plan.
  const known = app.embedPanels.value.filter((id) => id in PANELS);
  const panels = known.length ? known : ['training'];
  return (
    <div class="embed" ref={root} data-testid="embed-view">
      <LinkIssues />
      <main class="results">
        {panels.map((id) => {
          const Panel = PANELS[id];
          return <Panel key={id} />;
        })}
      </main>
      <p class="embed-footer">
        <a href={full} target="_blank" rel="noopener" data-testid="embed-open-full">
          {t('ui.embed_open_full')}
          <span class="visually-hidden"> {t('ui.new_window')}</span>
        </a>
      </p>
    </div>
  );
}
