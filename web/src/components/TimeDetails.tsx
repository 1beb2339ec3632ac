import { addMessages, formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { orNaN } from '../core/unknown';
import type { TimeBand } from '../core/types';
import resultsMessages from 'virtual:messages/results';
import { STEP_LABELS } from './step-labels';
import { Disclosure } from './Disclosure';
import { energyText } from './energy-text';
import { DerivationTable } from './DerivationTable';

addMessages(resultsMessages);

// Whose published runs the step time's band comes from (time_band.hpp's families).
const FAMILIES: Record<string, string> = {
  ampere: 'family.ampere',
  hopper: 'family.hopper',
  blackwell: 'family.blackwell',
  gb200: 'family.gb200',
  b300: 'family.b300',
  gb300: 'family.gb300',
};
// Whose runs by kind: a dense model's, an MoE model's, or PyTorch FSDP's across GPUs.
const KINDS: Record<string, string> = { moe: 'kind.moe', fsdp: 'kind.fsdp' };
// Why a predicted time has no band, where the page says so (a measured or given efficiency
// already says where its time comes from; ZeRO-3 across nodes has its own issue).
const WITHOUT_BAND: Record<string, string> = {
  framework: 'ui.time_band_none_framework',
  finetune: 'ui.time_band_none_finetune',
  efficiencies: 'ui.time_band_none_efficiencies',
};

/**
 * How far published runs like the plan were from its step (time_band.hpp): the range, then the
 * days and cost at both ends once the tokens are known, then what meets a deadline at the high
 * end. Chinese sentences follow each other without a space (the caller joins them).
 */
function bandSentences(
  band: TimeBand,
  hasTokens: boolean,
  t: (key: string, params?: Record<string, string | number>) => string,
  n: (v: number | null | undefined, digits?: number) => string,
): string[] {
  const family = FAMILIES[band.family ?? ''];
  const key =
    band.kind === 'pytorch'
      ? 'ui.time_band_pytorch'
      : band.family === 'all'
        ? 'ui.time_band_all'
        : 'ui.time_band';
  const sentences = [
    t(key, {
      family: family ? t(family) : '',
      kind: t(KINDS[band.kind ?? ''] ?? 'kind.dense'),
      runs: n(band.runs, 0),
      low: n(band.lowRatio, 2),
      high: n(band.highRatio, 2),
      step_low: n(band.stepLowS, 2),
      step_high: n(band.stepHighS, 2),
    }),
  ];
  if (hasTokens) {
    const cost = Number.isFinite(band.costLow ?? NaN);
    sentences.push(
      t(cost ? 'ui.time_band_days_cost' : 'ui.time_band_days', {
        days_low: n(band.daysLow, 1),
        days_high: n(band.daysHigh, 1),
        cost_low: t('ui.cost', { n: n(band.costLow, 0) }),
        cost_high: t('ui.cost', { n: n(band.costHigh, 0) }),
      }),
    );
  }
  if (Number.isFinite(band.deadlineDays ?? NaN)) {
    const met = Number.isFinite(band.deadlineDpHigh ?? NaN);
    sentences.push(
      t(met ? 'ui.time_band_deadline' : 'ui.time_band_deadline_none', {
        deadline: n(band.deadlineDays, 1),
        dp: n(band.deadlineDpHigh, 0),
        gpus: n(band.deadlineGpusHigh, 0),
      }),
    );
  }
  return sentences;
}

/**
 * The time panel's content once the step-time model has run (it arrives with the full module,
 * and so does this code): days, money, the step's split, throughput and the MFU sensitivity.
 */
export function TimeDetails() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const { training, setup, timeBand: band } = app.report.value;
  const n = (v: number | null | undefined, digits = 2) =>
    formatNumber(lang, v ?? undefined, digits);
  const time = training.time;
  const s = training.settings;
  const hasTokens = Number.isFinite(time.days ?? NaN);
  const fixed = Number.isFinite(s.computeEfficiency ?? NaN);
  return (
    <>
      {hasTokens ? (
        <p class="headline">
          <strong data-testid="time-days">{t('ui.days', { n: n(time.days, 1) })}</strong>
          {' · '}
          <span data-testid="time-gpu-hours">{t('ui.gpu_hours', { n: n(time.gpuHours, 0) })}</span>
          {' · '}
          <span data-testid="time-cost">
            {Number.isFinite(time.cost ?? NaN)
              ? t('ui.cost', { n: n(time.cost, 0) })
              : t('ui.cost_unknown')}
          </span>
        </p>
      ) : (
        <p class="hint">{t('ui.time_needs_tokens')}</p>
      )}
      <p class="context">
        {time.measured
          ? t('ui.time_measured', { gpus: n(time.gpus, 0), achieved: n(s.achievedTflops, 0) })
          : t(fixed ? 'ui.time_predicted_fixed' : 'ui.time_predicted', {
              gpus: n(time.gpus, 0),
              peak: n(s.peakTflops, 0),
              dtype: s.computeDtype.toUpperCase(),
              efficiency: n((s.computeEfficiency ?? 0) * 100, 0),
              gemm: n(orNaN(s.gemmEfficiency) * 100, 0),
              attention: n(orNaN(s.attentionEfficiency) * 100, 0),
              batch: n(s.globalBatch, 0),
              microbatches: n(time.microbatches, 0),
            })}
      </p>
      {band.available ? (
        <p class="context" data-testid="time-band">
          {bandSentences(band, hasTokens, t, n).join(lang === 'zh' ? '' : ' ')}
        </p>
      ) : (
        WITHOUT_BAND[band.reason ?? ''] && (
          <p class="context" data-testid="time-band">
            {t(WITHOUT_BAND[band.reason ?? ''])}
          </p>
        )
      )}
      <table class="breakdown" data-testid="step-breakdown">
        <caption>{t('ui.step_time', { n: n(time.stepS, 2) })}</caption>
        <tbody>
          {time.parts.map(({ id, s: seconds }) => (
            <tr key={id}>
              <th scope="row">{STEP_LABELS[id] ? t(STEP_LABELS[id]) : id}</th>
              <td class="num">{Number.isFinite(seconds ?? NaN) ? `${n(seconds, 3)} s` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table class="breakdown">
        <caption>{t('ui.throughput')}</caption>
        <tbody>
          <tr>
            <th scope="row">{t('ui.tokens_per_s')}</th>
            <td class="num" data-testid="time-tokens-per-s">
              {n(time.tokensPerS, 0)}
            </td>
          </tr>
          <tr>
            <th scope="row">MFU / HFU</th>
            <td class="num" data-testid="time-mfu">
              {n(orNaN(time.mfu) * 100, 1)}% / {n(orNaN(time.hfu) * 100, 1)}%
            </td>
          </tr>
          <tr>
            <th scope="row">{t('ui.flops_per_token')}</th>
            <td class="num">
              {n(orNaN(time.modelFlopsPerToken) / 1e9, 1)} /{' '}
              {n(orNaN(time.hardwareFlopsPerToken) / 1e9, 1)} GFLOP
            </td>
          </tr>
          {hasTokens && (
            <tr>
              <th scope="row">{t('ui.energy')}</th>
              <td class="num" data-testid="time-energy">
                {energyText(time.energyKwh, n)}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {training.timeSteps.length > 0 && (
        <Disclosure summary={t('ui.time_working')} testId="time-derivation">
          {() => <DerivationTable steps={training.timeSteps} caption={t('ui.time_working')} />}
        </Disclosure>
      )}
      {hasTokens && (
        <p class="sensitivity" data-testid="mfu-sensitivity">
          {t('ui.mfu_sensitivity', {
            d30: n(time.daysAtMfu30, 1),
            d40: n(time.daysAtMfu40, 1),
            d50: n(time.daysAtMfu50, 1),
            gpus: n(time.gpus, 0),
            card: setup.acceleratorName || t('ui.custom_accelerator'),
          })}
        </p>
      )}
    </>
  );
}
