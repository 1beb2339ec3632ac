import { addMessages, formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { orNaN } from '../core/unknown';
import resultsMessages from 'virtual:messages/results';
import { STEP_LABELS } from './step-labels';

addMessages(resultsMessages);

/**
 * The time panel's content once the step-time model has run (it arrives with the full module,
 * and so does this code): days, money, the step's split, throughput and the MFU sensitivity.
 */
export function TimeDetails() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const { training, setup } = app.report.value;
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
              <td class="num">
                {Number.isFinite(time.energyKwh ?? NaN)
                  ? `${n((time.energyKwh ?? 0) / 1000, 1)} MWh`
                  : '—'}
              </td>
            </tr>
          )}
        </tbody>
      </table>
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
