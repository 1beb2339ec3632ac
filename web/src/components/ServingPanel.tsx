import { orNaN } from '../core/unknown';
import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { fleetUsd } from './fleet-money';
import { fleetLayout, fleetTitle } from './fleet-summary';
import { ConcurrencyCurve } from './ConcurrencyCurve';
import { DerivationTable } from './DerivationTable';
import { Disclosure } from './Disclosure';
import { FleetCardBar } from './FleetCardBar';
import { FleetAlternatives } from './FleetAlternatives';
import { LatencyCurve } from './LatencyCurve';
import { LaunchCommands } from './LaunchCommands';
import { MemoryBar } from './MemoryBar';
import { VllmImport } from './VllmImport';

/**
 * The serving model's results (loaded with the full module): the fleet for the target load —
 * layout across nodes, memory per card, TTFT/TPOT, throughput, cost, the throughput-vs-latency
 * curve, other layouts, launch commands and the vllm serve import — then the view inside one node.
 */
export function ServingPanel() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const { inference: inf, articleInference: article } = app.report.value;
  const n = (v: number | null, digits = 2) => formatNumber(lang, v, digits);
  if (!inf.available) {
    return (
      <p class="why" data-testid="serving-unavailable">
        {t('ui.serving_needs_architecture')}
      </p>
    );
  }
  const f = inf.fleet;
  const s = inf.settings;
  const th = inf.throughput;
  const usd = (v: number | null) => fleetUsd(t, lang, v);
  return (
    <>
      <p class="context" data-testid="fleet-load">
        {fleetTitle(inf, t, lang)}
      </p>
      {f.found ? (
        <>
          <p class="headline">
            <strong data-testid="fleet-layout">{fleetLayout(inf, t, lang)}</strong>{' '}
            {f.ep && <span>· {t('ui.fleet_ep', { ep: n(orNaN(f.tp) * orNaN(f.dp), 0) })} </span>}·{' '}
            <span data-testid="fleet-slo" class={f.meetsSlo ? 'fits' : 'over'}>
              {t(f.meetsSlo ? 'ui.fleet_slo_met' : 'ui.fleet_slo_missed', {
                slo: n(s.tpotSloMs, 0),
              })}
            </span>
          </p>
          <FleetCardBar card={f.perCard} />
          <dl class="fleet-numbers" data-testid="fleet-numbers">
            <dt>{t('ui.fleet_ttft')}</dt>
            <dd data-testid="fleet-ttft">{t('ui.fleet_ms', { n: n(f.ttftMs, 0) })}</dd>
            <dt>{t('ui.fleet_tpot')}</dt>
            <dd data-testid="fleet-tpot">{t('ui.fleet_ms', { n: n(f.tpotMs, 1) })}</dd>
            <dt>{t('ui.fleet_output')}</dt>
            <dd data-testid="fleet-output">
              {n(f.outputTokensPerS, 0)} ·{' '}
              {t('ui.fleet_per_gpu', { n: n(f.outputTokensPerSPerGpu, 0) })} ·{' '}
              {t('ui.fleet_per_user', { n: n(f.tokensPerSPerUser, 1) })}
            </dd>
            <dt>{t('ui.fleet_cost_output')}</dt>
            <dd data-testid="fleet-cost-output">{usd(f.costPerMOutput)}</dd>
            <dt>{t('ui.fleet_cost_input')}</dt>
            <dd data-testid="fleet-cost-input">{usd(f.costPerMInput)}</dd>
            <dt>{t('ui.fleet_cost_hour')}</dt>
            <dd>{usd(f.costPerHour)}</dd>
          </dl>
          {f.disaggregated.on && (
            <p class="context" data-testid="fleet-pd">
              {t('ui.fleet_pd', {
                ratio: s.pdRatio,
                prefill: n(f.disaggregated.prefillGpus, 0),
                decode: n(f.disaggregated.decodeGpus, 0),
                ttft: n(f.disaggregated.ttftMs, 0),
                tpot: n(f.disaggregated.tpotMs, 1),
                output: n(f.disaggregated.outputTokensPerS, 0),
              })}
            </p>
          )}
          <LatencyCurve points={inf.latencyCurve} slo={s.tpotSloMs} />
          <FleetAlternatives rows={f.alternatives} />
          <LaunchCommands launch={inf.launch} />
          <Disclosure summary={t('ui.fleet_derivation')} testId="fleet-derivation">
            {() => <DerivationTable steps={f.steps} caption={t('ui.fleet_derivation')} />}
          </Disclosure>
        </>
      ) : (
        <p class="why" data-testid="fleet-none">
          {t('ui.fleet_none')}
        </p>
      )}
      <VllmImport />
      <h3>{t('ui.fleet_node_view')}</h3>
      <p class="headline">
        <strong data-testid="serving-layout">
          {t('ui.serving_layout', {
            tp: n(inf.tp),
            replicas: n(inf.replicas),
            total: n(inf.totalGpus),
          })}
        </strong>{' '}
        ·{' '}
        <span data-testid="serving-fits" class={inf.fits ? 'fits' : 'over'}>
          {t('ui.gb', { n: n(inf.perCardGb) })} ·{' '}
          {t(inf.fits ? 'ui.serving_fits' : 'ui.serving_does_not_fit')}
        </span>
      </p>
      {f.found && orNaN(inf.totalGpus) > orNaN(f.totalGpus) && (
        <p class="why" data-testid="node-vs-fleet">
          {t('ui.node_vs_fleet', {
            node: n(inf.totalGpus, 0),
            concurrency: n(s.targetConcurrency, 0),
            fleet: n(f.totalGpus, 0),
          })}
        </p>
      )}
      {f.found && orNaN(inf.idleCards) > 0 && (
        <p class="why" data-testid="node-packing">
          {t('ui.node_packing', {
            tp: n(inf.tp, 0),
            idle: n(inf.idleCards, 0),
            node: n(app.report.value.setup.gpusPerNode, 0),
          })}
        </p>
      )}
      <p class="context" data-testid="serving-min">
        {Number.isFinite(inf.minGpus)
          ? t('ui.serving_min', { n: n(inf.minGpus), context: n(s.context) })
          : t('ui.serving_min_none')}
      </p>
      {Number.isFinite(inf.minGpus) && inf.minGpus !== article.minGpus && (
        <p class="why" data-testid="serving-vs-article">
          {t('ui.serving_vs_article', { article: n(article.minGpus), full: n(inf.minGpus) })}
        </p>
      )}
      <MemoryBar card={inf.perCard} />
      <ConcurrencyCurve points={inf.curve} tp={inf.tp} context={s.context} />
      <p class="context" data-testid="serving-throughput">
        {t('ui.fleet_node_throughput', {
          decode: n(th.decodeTokensPerS, 0),
          per_card: n(th.decodeTokensPerSPerCard, 0),
          prefill: n(th.prefillS, 3),
          bound: Number.isFinite(orNaN(th.computeBoundBatch))
            ? t('ui.compute_bound_from', { n: n(th.computeBoundBatch, 0) })
            : Number.isFinite(orNaN(th.decodeStepMs))
              ? t('ui.compute_bound_never')
              : n(null),
        })}
      </p>
      <DerivationTable steps={inf.steps} caption={t('ui.derivation')} />
    </>
  );
}
