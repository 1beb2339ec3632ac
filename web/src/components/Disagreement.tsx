import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { useMessagePack } from './use-message-pack';

// Its two sentences are long and rarely needed: they arrive only when a plan disagrees.
const loadMessages = () => import('virtual:messages/disagree');

/**
 * When the article's rule and the full memory model disagree on whether the plan fits, one
 * sentence says why, with the numbers of both (all from the report: the article's pipeline step
 * states its model state per card and its safe share; the full model its peak by part).
 */
export function Disagreement() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const { training, articleTraining, setup } = app.report.value;
  const pp = articleTraining.steps.find((s) => s.id === 'pp');
  const articleFits = pp?.note !== 'pp_below_minimum';
  const m = training.memory;
  const disagrees =
    training.available &&
    !!pp?.noteParams.state_per_card_gb &&
    !!pp.noteParams.safe_gb &&
    articleFits !== m.fits;
  const ready = useMessagePack(loadMessages, disagrees);
  if (!disagrees || !ready || !pp) return null;
  const gb = (v: number | null) => formatNumber(lang, v, 2);
  const safety = app.resolvedInput('safety_factor')?.value;
  const params = {
    bytes: formatNumber(lang, setup.bytesPerParam, 2),
    safety: formatNumber(lang, (safety ?? NaN) * 100, 0),
    state: pp.noteParams.state_per_card_gb,
    safe: pp.noteParams.safe_gb,
    peak: gb(m.peakGb),
    card: gb(m.cardMemoryGb),
    activations: gb(m.activationsGb),
    logits: gb(m.logitsGb),
    overhead: gb(m.overheadGb),
  };
  return (
    <p class="why disagreement" data-testid="disagreement">
      {t(articleFits ? 'ui.disagree_article_fits' : 'ui.disagree_article_over', params)}
    </p>
  );
}
