import type { ComponentChildren } from 'preact';
import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { fleetUsd } from './fleet-money';
import { fleetBandText, fleetLayout, fleetTitle } from './fleet-summary';
import { AnswerItem as Item } from './AnswerItem';

/**
 * The serving answer at the target load: the fleet's GPUs and layout, its latency against the
 * TPOT target, its throughput and what a million tokens cost, each with how it was reached.
 */
export function FleetAnswer({ head }: { head: ComponentChildren }) {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const { inference: inf } = app.report.value;
  const f = inf.fleet;
  const s = inf.settings;
  const n = (v: number | null, digits = 0) => formatNumber(lang, v, digits);
  const usd = (v: number | null) => fleetUsd(t, lang, v);
  return (
    <>
      {head}
      <dl class="answer-grid">
        <Item label={t('ui.answer_gpus')} testId="serve-total" how={fleetLayout(inf, t, lang)}>
          {n(f.totalGpus)} {t('unit.GPUs', { n: f.totalGpus ?? NaN })}
        </Item>
        <Item label={t('ui.answer_layout')} testId="serve-layout" how={fleetTitle(inf, t, lang)}>
          {t('ui.answer_serve_fleet_layout', {
            tp: n(f.tp),
            pp: n(f.pp),
            dp: n(f.dp),
            replicas: n(f.replicas),
          })}
        </Item>
        <Item
          label={t('ui.answer_latency')}
          testId="answer-latency"
          tone={f.meetsSlo ? 'fits' : 'over'}
          how={t(f.meetsSlo ? 'ui.fleet_slo_met' : 'ui.fleet_slo_missed', {
            slo: n(s.tpotSloMs),
          })}
        >
          {t('ui.answer_latency_value', { ttft: n(f.ttftMs), tpot: n(f.tpotMs, 1) })}
        </Item>
        <Item
          label={t('ui.fleet_output')}
          testId="answer-decode"
          how={[
            t('ui.fleet_per_gpu', { n: n(f.outputTokensPerSPerGpu) }),
            fleetBandText(inf, t, lang),
          ]
            .filter(Boolean)
            .join(lang === 'zh' ? '；' : '. ')}
        >
          {t('ui.answer_tokens_per_s', { n: n(f.outputTokensPerS) })}
        </Item>
        <Item
          label={t('ui.fleet_cost_output')}
          testId="answer-cost"
          how={t('ui.answer_serve_cost_how', { input: usd(f.costPerMInput) })}
        >
          {usd(f.costPerMOutput)}
        </Item>
        <Item
          label={t('ui.answer_fit_label')}
          testId="answer-fits"
          tone="fits"
          how={t('ui.answer_fleet_fits_how', {
            weights: n(f.perCard.weightsGb, 1),
            kv: n(f.perCard.kvCacheGb, 1),
            device: n(f.perCard.deviceGb, 1),
            tokens: n(f.perCard.kvTokens),
          })}
        >
          {t('ui.answer_fits')}
        </Item>
      </dl>
    </>
  );
}
