import { useEffect, useRef } from 'preact/hooks';
import type { ComponentType } from 'preact';
import { postHeightToParent } from '../embed/post-height';
import { issueText } from '../i18n/issue-text';
import { useApp, useT } from '../state/context';
import { ComparisonTable } from './ComparisonTable';
import { InferenceFleet } from './InferenceFleet';
import { InferencePlan } from './InferencePlan';
import { LinkIssues } from './LinkIssues';
import { MemoryPanel } from './MemoryPanel';
import { SearchPanel } from './SearchPanel';
import { TimePanel } from './TimePanel';
import { TrainingPlan } from './TrainingPlan';

/**
 * The panels `embed=` can name (core/src/plan_fields.cpp lists the same ids). A Map, not an
 * object: the ids come from the link, and "__proto__" or "constructor" must be unknown ids, not
 * Object.prototype's members rendered as panels.
 */
const PANELS = new Map<string, ComponentType>([
  ['training', TrainingPlan],
  ['memory', MemoryPanel],
  ['time', TimePanel],
  ['search', SearchPanel],
  ['inference', InferencePlan],
  ['serving', InferenceFleet],
  ['comparison', ComparisonTable],
]);

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
  // Panel ids this page does not know are named by the core's validation (shown here, as the
  // embedded view has no issue list); without a known one, the training plan is shown.
  const known = app.embedPanels.value.filter((id) => PANELS.has(id));
  const panels = known.length ? known : ['training'];
  const unknown = app.report.value.issues.filter((issue) => issue.field === 'embed');
  return (
    <div class="embed" ref={root} data-testid="embed-view">
      <LinkIssues />
      {unknown.length > 0 && (
        <ul class="panel notice warning" role="status" data-testid="embed-issues">
          {unknown.map((issue, i) => (
            <li key={i}>{issueText(app.lang.value, issue)}</li>
          ))}
        </ul>
      )}
      <main class="results">
        {panels.map((id) => {
          const Panel = PANELS.get(id) ?? TrainingPlan;
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
