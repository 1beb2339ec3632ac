import type { PlanTexts } from '../core/types';
import type { Question } from '../state/app-state';
import { formatNumber, hasMessage } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { Field } from './Field';
import { ModelSearchBox } from './ModelSearchBox';
import { PresetSelect } from './PresetSelect';

/**
 * The few inputs each question turns on, besides the model and the card (camelCase ids). Ids the
 * core does not have yet (the fine-tuning and serving inputs other work adds) are left out until
 * it does, so the path grows as they land.
 */
const PATH: Record<Question, readonly string[]> = {
  train: ['tokens', 'clusterGpus', 'deadlineDays'],
  // The method and what decides its memory on one card: sequence length and recompute
  // (gradient checkpointing).
  finetune: ['finetune', 'loraRank', 'seqLen', 'recompute', 'tokens', 'epochs', 'clusterGpus'],
  serve: [
    'engine',
    'weights',
    'context',
    'inputTokens',
    'outputTokens',
    'concurrency',
    'targetConcurrency',
  ],
};

// The path's hints, each key named here: the page's build keeps in the first catalog only the
// hints its first files name (vite.config.js, PACKS), and a key built from a field id would keep
// every hint there.
const HINTS: Record<string, string> = {
  tokens: 'hint.tokens',
  clusterGpus: 'hint.cluster_gpus',
  deadlineDays: 'hint.deadline_days',
  finetune: 'hint.finetune',
  context: 'hint.context',
  inputTokens: 'hint.input_tokens',
  concurrency: 'hint.concurrency',
  targetConcurrency: 'hint.target_concurrency',
};

/** The ids of the inputs a question's path shows (the rest of the page leaves them out). */
export function pathFields(question: Question, known: ReadonlySet<string>): string[] {
  return PATH[question].filter((id) => known.has(id));
}

/** The model, the card and the few inputs that matter for the question asked. */
export function PathInputs() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const known = new Set(app.core.catalog.fields.map((f) => f.id));
  const fields = pathFields(app.question.value, known);
  const accelerators = app.core.catalog.accelerators.map((a) => ({
    id: a.id,
    label: `${a.name} · ${t('ui.gb', { n: formatNumber(lang, a.memoryGb) })}`,
    group: a.vendor,
  }));
  const hint = (id: string) => {
    const key = HINTS[id];
    return key && hasMessage(key) ? t(key) : undefined;
  };
  return (
    <fieldset class="path" data-testid="path-inputs">
      <legend>{t('ui.path_legend')}</legend>
      <ModelSearchBox />
      <PresetSelect id="accelerator" options={accelerators} />
      {fields.map((id) => (
        <Field key={id} id={id as keyof PlanTexts} hint={hint(id)} />
      ))}
    </fieldset>
  );
}
