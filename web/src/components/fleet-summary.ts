import type { FullInference } from '../core/types';
import { formatNumber, type Lang } from '../i18n/i18n';
import { fleetUsd } from './fleet-money';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The fleet's derivation's title, for the exports (its messages travel with the serving code). */
export const FLEET_DERIVATION_TITLE = 'ui.fleet_derivation';

/** The target load the fleet is sized for, as the serving answer names it. */
export function fleetTitle(inf: FullInference, t: Translate, lang: Lang): string {
  const s = inf.settings;
  const n = (v: number | null) => formatNumber(lang, v, 0);
  return t('ui.fleet_title', {
    concurrency: n(s.concurrency),
    input: n(s.inputTokens),
    output: n(s.outputTokens),
    engine: `${s.engineName} ${s.engineVersion}`,
  });
}

/** The fleet's replicas, layout, GPUs and nodes, as the serving answer writes them. */
export function fleetLayout(inf: FullInference, t: Translate, lang: Lang): string {
  const f = inf.fleet;
  const n = (v: number | null) => formatNumber(lang, v, 0);
  return t('ui.fleet_layout', {
    replicas: n(f.replicas),
    tp: n(f.tp),
    pp: n(f.pp),
    dp: n(f.dp),
    total: n(f.totalGpus),
    nodes: n(f.nodes),
  });
}

/**
 * How far published runs were from the fleet's predicted output tokens/s (serving_band.hpp), with
 * the cost per million output tokens at both ends; empty where the plan has no band. Chinese
 * sentences follow each other without a space.
 */
export function fleetBandText(inf: FullInference, t: Translate, lang: Lang): string {
  const band = inf.fleet.band;
  if (!band.available) return '';
  const n = (v: number | null, digits = 0) => formatNumber(lang, v, digits);
  const range = t(band.engine === 'all' ? 'ui.fleet_band_all' : 'ui.fleet_band', {
    engine: inf.settings.engineName,
    runs: n(band.runs),
    low: n(band.lowRatio, 2),
    high: n(band.highRatio, 2),
    tps_low: n(band.outputTokensPerSLow),
    tps_high: n(band.outputTokensPerSHigh),
  });
  const low = band.costPerMOutputLow;
  if (low === null || !Number.isFinite(low)) return range;
  const cost = t('ui.fleet_band_cost', {
    low: fleetUsd(t, lang, low),
    high: fleetUsd(t, lang, band.costPerMOutputHigh),
  });
  return `${range}${lang === 'zh' ? '' : ' '}${cost}`;
}

/**
 * The serving fleet's answer as [label, value] rows, in the serving answer's words: what the
 * exports write for a serving plan, so a document says what the page's answer card says.
 */
export function fleetRows(inf: FullInference, t: Translate, lang: Lang): [string, string][] {
  const f = inf.fleet;
  const s = inf.settings;
  const n = (v: number | null, digits = 0) => formatNumber(lang, v, digits);
  return [
    [fleetTitle(inf, t, lang), fleetLayout(inf, t, lang)],
    [
      t('ui.answer_latency'),
      `${t('ui.answer_latency_value', { ttft: n(f.ttftMs), tpot: n(f.tpotMs, 1) })} · ${t(
        f.meetsSlo ? 'ui.fleet_slo_met' : 'ui.fleet_slo_missed',
        { slo: n(s.tpotSloMs) },
      )}`,
    ],
    [
      t('ui.fleet_output'),
      [
        t('ui.answer_tokens_per_s', { n: n(f.outputTokensPerS) }),
        t('ui.fleet_per_gpu', { n: n(f.outputTokensPerSPerGpu) }),
        fleetBandText(inf, t, lang),
      ]
        .filter(Boolean)
        .join(' · '),
    ],
    [t('ui.fleet_cost_output'), fleetUsd(t, lang, f.costPerMOutput)],
  ];
}
