import type { MemoryBreakdown } from '../core/types';
import { useEffect } from 'preact/hooks';
import { formatNumber } from '../i18n/i18n';
import { recomputeLabel } from '../i18n/issue-text';
import { useApp, useT } from '../state/context';
import { DerivationTable } from './DerivationTable';
import { Lazy } from './Lazy';
import { MEMORY_PARTS } from './memory-parts';
import { StageMemoryChart } from './StageMemoryChart';
import { Disclosure } from './Disclosure';

// The parts of the range on top of the point, each its own estimate (low–high).
const RANGE_PARTS = [
  ['fragmentationLowGb', 'fragmentationHighGb', 'ui.range_fragmentation'],
  ['communicationLowGb', 'communicationHighGb', 'ui.range_communication'],
  ['workspaceLowGb', 'workspaceHighGb', 'ui.range_workspace'],
  ['contextLowGb', 'contextHighGb', 'ui.range_context'],
] as const satisfies readonly (readonly [keyof MemoryBreakdown, keyof MemoryBreakdown, string])[];

// Public measurements of preset models arrive with their own chunk when the panel is shown.
const loadMeasured = () => import('./MeasuredMemory').then((m) => m.MeasuredMemory);
import { orNaN, withNaN } from '../core/unknown';

/** The full training memory model: the peak card, every stage, the working, what would fit. */
export function MemoryPanel() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const report = app.report.value;
  const full = report.training;
  const article = withNaN(report.articleTraining);
  const gb = (v: number | null) => formatNumber(lang, v, 2);
  const gbUnit = (v: number | null) => t('ui.gb', { n: gb(v) });
  if (!full.available) {
    return (
      <section class="panel" aria-labelledby="memory-title" data-testid="memory-panel">
        <h2 id="memory-title">{t('ui.memory_title')}</h2>
        <p class="hint">{t('ui.memory_unavailable')}</p>
      </section>
    );
  }
  const m = withNaN(full.memory);
  const s = full.settings;
  const peak = full.stages[m.peakStage];
  const statePerCard = article.modelStateGb / (article.tp * article.pp);
  const verdictClass = m.verdict === 'fits' ? 'fits' : m.verdict === 'tight' ? 'tight' : 'over';
  return (
    <section class="panel" aria-labelledby="memory-title" data-testid="memory-panel">
      <h2 id="memory-title">{t('ui.memory_title')}</h2>
      <p class="headline">
        <strong data-testid="memory-peak" class={verdictClass}>
          {t(`ui.peak_${m.verdict}`, {
            peak: gb(m.peakGb),
            card: gb(m.cardMemoryGb),
            gib: gb(m.cardMemoryGib),
            high: gb(m.highGb),
            headroom: formatNumber(lang, m.headroom * 100, 0),
            margin: gb(Math.abs(m.freeGb)),
          })}
        </strong>
      </p>
      <p class="context">
        {t('ui.peak_where', {
          stage: m.peakStage + 1,
          stages: full.stages.length,
          layers: orNaN(peak.layers),
          inflight: formatNumber(lang, peak.inflight, 2),
        })}{' '}
        <span data-testid="memory-capacity">
          {t(`ui.capacity_${m.cardCapacitySource}`, {
            card: gb(m.cardMemoryGb),
            gib: gb(m.cardMemoryGib),
            // Where the driver's figure comes from (docs/formulas.md, "Card capacity").
            source:
              app.core.catalog.accelerators.find((a) => a.id === report.texts.accelerator)
                ?.capacitySource ?? '',
          })}
        </span>
      </p>
      <p class="context" data-testid="memory-counters">
        {t('ui.memory_counters', {
          allocated: gb(m.allocatedGb),
          reservedLow: gb(m.reservedLowGb),
          reservedHigh: gb(m.reservedHighGb),
          low: gb(m.lowGb),
          high: gb(m.highGb),
          profile: s.memoryProfile,
        })}
      </p>
      {s.finetune !== 'full' && (
        <p class="context" data-testid="memory-adapters">
          {t('ui.memory_adapters', {
            mode: t(`choice.finetune.${s.finetune}`),
            rank: formatNumber(lang, s.loraRank, 0),
            targets: s.loraTargets === 'all' ? t('ui.lora_targets_all') : s.loraTargets,
            params: formatNumber(lang, m.adapterParams, 3),
          })}
        </p>
      )}
      {m.hostRamGb > 0 && (
        <p class="context" data-testid="memory-host">
          {t('ui.memory_host', { host: gb(m.hostRamGb) })}
        </p>
      )}
      <table class="breakdown" data-testid="memory-breakdown">
        <caption>{t('ui.peak_card')}</caption>
        <tbody>
          {MEMORY_PARTS.map((part) => (
            <tr key={part.key}>
              <th scope="row">
                <i class={`swatch ${part.css}`} aria-hidden="true" />
                {t(part.label)}
              </th>
              <td class="num" data-testid={`memory-${part.key}`}>
                {gbUnit(peak[part.key])}
              </td>
            </tr>
          ))}
          <tr class="total">
            <th scope="row">{t('step.peak')}</th>
            <td class="num">{gbUnit(m.peakGb)}</td>
          </tr>
        </tbody>
      </table>
      <table class="breakdown" data-testid="memory-range">
        <caption>{t('ui.range_title')}</caption>
        <tbody>
          {RANGE_PARTS.map(([low, high, label]) => (
            <tr key={label}>
              <th scope="row">
                <i class="swatch part-range" aria-hidden="true" />
                {t(label)}
              </th>
              <td class="num">
                {t('ui.gb_range', { low: gb(m[low] as number), high: gb(m[high] as number) })}
              </td>
            </tr>
          ))}
          <tr class="total">
            <th scope="row">{t('ui.range_high')}</th>
            <td class="num" data-testid="memory-high">
              {gbUnit(m.highGb)}
            </td>
          </tr>
        </tbody>
      </table>
      <table class="side-by-side" data-testid="article-vs-full">
        <caption>{t('ui.article_vs_full')}</caption>
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col" class="num">
              {t('ui.article_mode')}
            </th>
            <th scope="col" class="num">
              {t('ui.full_model')}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('ui.model_state_per_card')}</th>
            <td class="num">{gbUnit(statePerCard)}</td>
            <td class="num">{gbUnit(m.weightsGb + m.gradsGb + m.optimizerGb)}</td>
          </tr>
          <tr>
            <th scope="row">{t('ui.room_for_the_rest')}</th>
            <td class="num">
              {gbUnit(orNaN(report.setup.cardMemoryGb) - article.safeMemoryPerCardGb)}
            </td>
            <td class="num">{gbUnit(m.activationsGb + m.logitsGb + m.overheadGb)}</td>
          </tr>
          <tr>
            <th scope="row">{t('ui.verdict')}</th>
            <td class="num">
              {statePerCard <= article.safeMemoryPerCardGb ? t('ui.fits') : t('ui.over')}
            </td>
            <td class="num">{t(`ui.verdict_${m.verdict}`)}</td>
          </tr>
        </tbody>
      </table>
      <StageMemoryChart
        stages={full.stages}
        cardGb={full.memory.cardMemoryGb}
        headroomGb={m.cardMemoryGb * m.headroom}
      />
      <p class="fit-options" data-testid="fit-options">
        {t('cli.fit_options')}:{' '}
        {full.fitOptions
          .map(
            (o) =>
              `${recomputeLabel(t, o.recompute, null, full.settings.recomputeModules)} → ${
                Number.isFinite(o.pp)
                  ? `PP ${o.pp} (${t('ui.gb_range', { low: gb(o.peakGb), high: gb(o.highGb) })}, ${t(`ui.verdict_${o.verdict}`)})`
                  : t('cli.no_pp_fits')
              }`,
          )
          .join(' · ')}
      </p>
      <Disclosure summary={t('ui.measured_title')} testId="measured-memory-group">
        {() => <Lazy load={loadMeasured} />}
      </Disclosure>
      <Disclosure summary={t('cli.memory_derivation')} testId="memory-derivation-group">
        {() => <MemoryDerivation />}
      </Disclosure>
    </section>
  );
}

/**
 * The memory model's working, step by step. Its code comes with the full module (as the serving
 * model's does), fetched when this part is first opened, which keeps it off the first visit.
 */
function MemoryDerivation() {
  const app = useApp();
  const t = useT();
  useEffect(() => void app.wantFullModule(), [app]);
  const report = app.report.value;
  return (
    <div data-testid="memory-derivation">
      {report.fullComputed ? (
        <DerivationTable steps={report.training.steps} caption={t('ui.memory_working')} />
      ) : app.fullModule.value === 'failed' ? (
        <p role="alert">
          {t('ui.load_part_failed')}{' '}
          <button type="button" class="secondary" onClick={() => app.wantFullModule()}>
            {t('ui.retry')}
          </button>
        </p>
      ) : (
        <p class="hint" aria-busy="true">
          {t('ui.loading_part')}
        </p>
      )}
    </div>
  );
}
