import { orNaN, withNaN } from '../core/unknown';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { DerivationStep } from '../core/types';
import { formatNumber, withMessages } from '../i18n/i18n';
import { recomputeLabel } from '../i18n/issue-text';
import { useApp, useT } from '../state/context';
import { verdictTone, type Capacity } from './capacity';
import { AnswerItem as Item } from './AnswerItem';
import { Disagreement } from './Disagreement';
import { cpSuffix } from './cp-suffix';
import { Lazy } from './Lazy';

// Named in full, so that the serving answer's own messages (ui.answer_*) can travel with it.
const CAPACITY_TEXT: Record<Capacity, string> = {
  fits: 'ui.answer_fits',
  near: 'ui.answer_near',
  over: 'ui.answer_over',
};

// The serving answer comes with the serving question (it waits for the full module anyway).
const loadServeAnswer = () =>
  withMessages(import('./ServeAnswer'), import('virtual:messages/serve')).then(
    (m) => m.ServeAnswer,
  );

const stepById = (steps: DerivationStep[], id: string) => steps.find((s) => s.id === id);

// The days at published runs' pace travel with the time panel's messages (days-band.ts).
const loadDaysBand = () => import('./days-band').then((m) => m.daysBand);

/**
 * The answer to the page's question, first: GPUs, layout, days, cost and whether it fits, each
 * with how it came about. Training and fine-tuning read the plan's layout and the full model;
 * serving asks for the serving model (it arrives with the full module).
 */
export function AnswerCard() {
  const app = useApp();
  const card = useRef<HTMLElement>(null);
  const [flash, setFlash] = useState(false);
  const applied = app.applied.value;
  // Only what is applied while the card is on the page (not an earlier one, when it mounts again).
  const seen = useRef(applied?.seq ?? 0);
  // A layout applied from the search: the card comes into view and shows what changed.
  useEffect(() => {
    if (!applied || applied.seq === seen.current || !card.current) return;
    seen.current = applied.seq;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    card.current.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
    card.current.focus({ preventScroll: true });
    setFlash(true);
    const timer = setTimeout(() => setFlash(false), 2500);
    return () => clearTimeout(timer);
  }, [applied?.seq]);
  const question = app.question.value;
  return (
    <section
      ref={card}
      class={flash ? 'panel answer applied' : 'panel answer'}
      aria-labelledby="answer-title"
      data-testid="answer-card"
      data-question={question}
      tabIndex={-1}
    >
      {question === 'serve' ? (
        <Lazy load={loadServeAnswer} />
      ) : (
        <TrainAnswer finetune={question === 'finetune'} />
      )}
      <AppliedNote />
    </section>
  );
}

/** What a "Use" changed, said once (a live region), so the change is never silent. */
function AppliedNote() {
  const app = useApp();
  const t = useT();
  const applied = app.applied.value;
  const labels = (applied?.fields ?? []).map((id) => {
    const spec = app.core.catalog.fields.find((f) => f.id === id);
    return spec ? t(`field.${spec.issueField}`) : id;
  });
  return (
    <p class="applied-note" role="status" data-testid="answer-applied">
      {applied && labels.length > 0 ? t('ui.applied', { fields: labels.join(', ') }) : ''}
    </p>
  );
}

function TrainAnswer({ finetune }: { finetune: boolean }) {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const { setup, articleTraining: article, training } = app.report.value;
  const n = (v: number | null | undefined, digits = 2) =>
    formatNumber(lang, v ?? undefined, digits);
  const total = stepById(article.steps, 'total_gpus');
  const dp = stepById(article.steps, 'dp');
  const title = t(finetune ? 'ui.answer_finetune' : 'ui.answer_train', {
    model: setup.modelName || t('ui.custom_model'),
    accelerator: setup.acceleratorName || t('ui.custom_accelerator'),
  });
  // Days come from the step-time model, which is in the full module (as the serving model is):
  // fetched as soon as the plan asks for days (tokens) or for a deadline's DP.
  const texts = app.texts.value;
  const wantsTime = !training.timeComputed && Boolean(texts.tokens || texts.deadlineDays);
  useEffect(() => {
    if (wantsTime) void app.wantFullModule();
  }, [wantsTime]);
  const time = training.timeAvailable ? training.time : undefined;
  const hasDays = Number.isFinite(time?.days ?? NaN);
  const hasCost = Number.isFinite(time?.cost ?? NaN);
  const band = app.report.value.timeBand;
  const showBand = hasDays && band.available;
  const [daysBand, setDaysBand] = useState<Awaited<ReturnType<typeof loadDaysBand>> | null>(null);
  useEffect(() => {
    if (showBand && !daysBand) void loadDaysBand().then((f) => setDaysBand(() => f));
  }, [showBand]);
  return (
    <>
      <h2 id="answer-title">{title}</h2>
      <dl class="answer-grid">
        <Item
          label={t('ui.answer_gpus')}
          testId="train-total"
          how={total && <code>{`${total.formula} = ${total.substitution}`}</code>}
        >
          {n(article.totalGpus, 4)} {t('unit.GPUs', { n: article.totalGpus ?? NaN })}
        </Item>
        <Item
          label={t('ui.answer_layout')}
          testId="train-layout"
          how={
            training.available &&
            t('ui.answer_layout_how', {
              micro_batch: n(training.settings.microBatch),
              zero: n(training.settings.zero),
              recompute: recomputeLabel(
                t,
                training.settings.recompute,
                training.settings.recomputeLayers,
                training.settings.recomputeModules,
              ),
            })
          }
        >
          {t('ui.layout_triplet', {
            tp: n(article.tp, 4),
            pp: n(article.pp, 4),
            dp: n(article.dp, 4),
            cp: cpSuffix(article.cp),
          })}
        </Item>
        <Item
          label={t('ui.answer_days')}
          testId="answer-days"
          how={
            hasDays ? (
              <>
                {t('ui.gpu_hours', { n: n(time?.gpuHours, 0) })}
                {showBand && daysBand && (
                  <span data-testid="answer-days-band"> · {daysBand(band, t, n)}</span>
                )}
              </>
            ) : (
              t(time ? 'ui.answer_needs_tokens' : 'ui.answer_needs_full_model')
            )
          }
        >
          {hasDays ? t('ui.days', { n: n(time?.days, 1) }) : '—'}
        </Item>
        <Item
          label={t('ui.answer_cost')}
          testId="answer-cost"
          how={
            hasCost ? (
              <>
                {t('ui.answer_cost_how', { price: n(setup.pricePerGpuHour, 2) })}
                {showBand && daysBand && (
                  <span data-testid="answer-cost-band"> · {daysBand(band, t, n, true)}</span>
                )}
              </>
            ) : hasDays ? (
              t('ui.cost_unknown')
            ) : undefined
          }
        >
          {hasCost ? t('ui.cost', { n: n(time?.cost, 0) }) : '—'}
        </Item>
        <TrainFits />
      </dl>
      {dp?.note && (
        <p class="context" data-testid="answer-dp-why">
          {t('ui.answer_dp_why', { why: t(`note.${dp.note}`, dp.noteParams) })}
        </p>
      )}
      {finetune && <FinetuneNote />}
      <Disagreement />
    </>
  );
}

/** Whether the peak card fits: within the headroom, near capacity (over it), or over the card. */
function TrainFits() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const { training, articleTraining } = app.report.value;
  const gb = (v: number | null) => formatNumber(lang, v, 2);
  if (!training.available) {
    const pp = stepById(articleTraining.steps, 'pp');
    const over = pp?.note === 'pp_below_minimum';
    return (
      <Item
        label={t('ui.answer_fit_label')}
        testId="answer-fits"
        tone={over ? 'over' : 'fits'}
        how={t('ui.answer_article_only')}
      >
        {pp?.note ? t(`note.${pp.note}`, pp.noteParams) : '—'}
      </Item>
    );
  }
  const m = withNaN(training.memory);
  // The core's verdict reads the range on top of the point against the headroom (memory model).
  const state = verdictTone(m.verdict);
  const headroom = m.headroom;
  const fix = training.fitOptions.find((o) => Number.isFinite(o.pp));
  const params = {
    peak: gb(m.peakGb),
    card: gb(m.cardMemoryGb),
    headroom: formatNumber(lang, headroom * 100, 0),
  };
  return (
    <Item
      label={t('ui.answer_fit_label')}
      testId="answer-fits"
      tone={state}
      how={
        <>
          {t('ui.answer_peak_how', {
            ...params,
            stage: m.peakStage + 1,
            stages: training.stages.length,
          })}{' '}
          <span data-testid="answer-range">
            {t('ui.answer_range', { low: gb(m.lowGb), high: gb(m.highGb) })}
          </span>
          {state === 'near' && Number.isFinite(headroom) && (
            <> {t('ui.answer_headroom', { headroom: params.headroom })}</>
          )}
          {state === 'over' && fix && (
            <span data-testid="answer-fit-option">
              {' '}
              {t('ui.answer_fit_option', {
                recompute: recomputeLabel(
                  t,
                  fix.recompute,
                  null,
                  training.settings.recomputeModules,
                ),
                pp: orNaN(fix.pp),
                peak: gb(fix.peakGb),
              })}
            </span>
          )}
        </>
      }
    >
      {t(CAPACITY_TEXT[state])}
    </Item>
  );
}

/**
 * How the model is fine-tuned: every weight, or LoRA / QLoRA adapters on a frozen base, with
 * what that costs in memory (the memory model's parts) and the optimizer that trains it.
 */
function FinetuneNote() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const { training } = app.report.value;
  if (!training.available) return null;
  const s = training.settings;
  const m = withNaN(training.memory);
  const optimizer = t(`choice.optimizer.${s.optimizer}`);
  if (s.finetune === 'full') {
    return (
      <p class="context" data-testid="answer-finetune">
        {t('ui.answer_finetune_full', { optimizer })}
      </p>
    );
  }
  return (
    <p class="context" data-testid="answer-finetune">
      {t('ui.answer_finetune_adapters', {
        method: t(`choice.finetune.${s.finetune}`),
        rank: formatNumber(lang, s.loraRank, 0),
        targets: s.loraTargets === 'all' ? t('ui.lora_targets_all') : s.loraTargets,
        params: formatNumber(lang, m.adapterParams / 1e6, 1),
        weights: formatNumber(lang, m.weightsGb, 2),
        optimizer,
      })}
    </p>
  );
}
