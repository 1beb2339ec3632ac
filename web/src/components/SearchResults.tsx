import type { LayoutCandidate } from '../core/types';
import { addMessages, formatNumber } from '../i18n/i18n';
import { recomputeLabel } from '../i18n/issue-text';
import { useApp, useT } from '../state/context';
import { orNaN } from '../core/unknown';
import { layoutExtras } from './layout-extras';
import { resolutionSentence } from './search-resolution';
import { comparesSteps, percentText, vsBestText } from './share-text';
import { ParetoChart } from './ParetoChart';
import resultsMessages from 'virtual:messages/results';

addMessages(resultsMessages);

// One layout, as the rows and the core's candidates give it: every setting the Use button plans.
const sameLayout = (a: LayoutCandidate, b: LayoutCandidate) =>
  a.tp === b.tp &&
  a.pp === b.pp &&
  a.dp === b.dp &&
  a.cp === b.cp &&
  a.ep === b.ep &&
  a.etp === b.etp &&
  a.vpp === b.vpp &&
  a.stageLayers === b.stageLayers &&
  a.microBatch === b.microBatch &&
  a.zero === b.zero &&
  a.recompute === b.recompute &&
  Object.is(a.recomputeLayers, b.recomputeLayers) &&
  a.sequenceParallel === b.sequenceParallel;

/**
 * The search's answer, loaded with its first result rather than with the page: the fewest GPUs
 * for a deadline, the best layouts first, and the GPUs-vs-time front.
 */
export function SearchResults() {
  const app = useApp();
  const report = app.search.value.report;
  const s = report?.search;
  const resolution = report?.resolution;
  const t = useT();
  const lang = app.lang.value;
  const n = (v: number | null | undefined, d = 2) => formatNumber(lang, v ?? undefined, d);
  const use = (c: LayoutCandidate) => {
    const texts = app.texts.value;
    const resolvedBatch = app.resolvedInput('global_batch')?.value;
    // applyPlan, not setTexts: the answer card comes into view and says what changed.
    app.applyPlan({
      tp: String(c.tp),
      pp: String(c.pp),
      dp: texts.clusterGpus ? '' : String(c.dp),
      cp: String(c.cp),
      ep: String(c.ep),
      etp: String(c.etp),
      vpp: String(c.vpp),
      stageLayers: c.stageLayers,
      microBatch: String(c.microBatch),
      zero: String(c.zero),
      recompute: c.recompute,
      recomputeLayers: Number.isFinite(c.recomputeLayers ?? NaN) ? String(c.recomputeLayers) : '',
      sequenceParallel: c.sequenceParallel ? '1' : '0',
      // Within a batch tolerance a layout may train a nearby batch: keep the one it was shown with.
      globalBatch:
        c.globalBatch === resolvedBatch ? (texts.globalBatch ?? '') : String(c.globalBatch),
    });
  };
  const percent = (share: number | null | undefined) => percentText(lang, share);
  if (!s?.found) return null;
  // Each row's own batch, where a tolerance lets them differ; else the line above gives the one
  // batch every row trains (and the table keeps to a printed page's width).
  const ownBatches = orNaN(s.batchTolerance) > 0;
  const compares = comparesSteps(s.top);
  // The fastest layout that fits with room, where the best is tight (the core's second search),
  // as a last row of its own unless it is one of the listed layouts.
  const roomy =
    report?.roomyFound && !s.top.some((c) => sameLayout(c, report.roomy)) ? report.roomy : null;
  const row = (c: LayoutCandidate, i: number, label?: string) => (
    <tr key={i}>
      <th scope="row">
        ({c.tp}, {c.pp}, {c.dp})
        {layoutExtras(c) && (
          <>
            <br />
            <small class="extras">{layoutExtras(c)}</small>
          </>
        )}
        {label && (
          <>
            <br />
            <small class="extras fits" data-testid="search-roomy">
              {label}
            </small>
          </>
        )}
      </th>
      <td class="num">{n(c.gpus, 0)}</td>
      {ownBatches && (
        <td class="num" data-testid="search-batch">
          {n(c.globalBatch, 0)}
        </td>
      )}
      <td class="num">
        {c.microBatch} × {n(c.microbatches, 0)}
      </td>
      <td class="num">{c.zero}</td>
      <td>{recomputeLabel(t, c.recompute, c.recomputeLayers, c.recomputeModules)}</td>
      <td class="num">
        {n(c.peakGb, 1)} GB
        {c.verdict === 'tight' && (
          <>
            <br />
            <small class="tight" title={t('ui.range_high')}>
              {t('ui.verdict_tight')} · ≤ {n(c.peakHighGb, 1)} GB
            </small>
          </>
        )}
      </td>
      <td class="num">{percent(orNaN(c.bubbleS) / orNaN(c.stepS))}</td>
      <td class="num">{percent(c.mfu)}</td>
      {compares && (
        <td class="num" data-testid="search-vs-best">
          {vsBestText(lang, c.stepVsBest)}
        </td>
      )}
      <td class="num">{n(c.days, 1)}</td>
      <td class="num">{Number.isFinite(c.cost ?? NaN) ? `$${n(c.cost, 0)}` : '—'}</td>
      <td class="use">
        <button type="button" class="secondary" onClick={() => use(c)}>
          {t('ui.use_layout')}
        </button>
      </td>
    </tr>
  );
  return (
    <>
      {s.minGpusFound && (
        <p class="headline" data-testid="search-min-gpus">
          {t('cli.min_gpus_layout', {
            gpus: n(s.minGpus.gpus, 0),
            tp: orNaN(s.minGpus.tp),
            pp: orNaN(s.minGpus.pp),
            dp: orNaN(s.minGpus.dp),
          })}
        </p>
      )}
      <div class="table-scroll">
        <table class="layouts" data-testid="search-top">
          <caption>{t('ui.search_best_first')}</caption>
          <thead>
            <tr>
              <th scope="col">(TP, PP, DP)</th>
              <th scope="col" class="num">
                {t('cli.col_gpus')}
              </th>
              {ownBatches && (
                <th scope="col" class="num">
                  {t('cli.col_batch')}
                </th>
              )}
              <th scope="col" class="num">
                {t('ui.col_micro_batches')}
              </th>
              <th scope="col" class="num">
                ZeRO
              </th>
              <th scope="col">{t('field.recompute')}</th>
              <th scope="col" class="num">
                {t('cli.col_peak')}
              </th>
              <th scope="col" class="num">
                {t('cli.col_bubble')}
              </th>
              <th scope="col" class="num">
                MFU
              </th>
              {compares && (
                <th scope="col" class="num">
                  {t('cli.col_vs_best')}
                </th>
              )}
              <th scope="col" class="num">
                {t('cli.col_days')}
              </th>
              <th scope="col" class="num">
                {t('cli.col_cost')}
              </th>
              <th scope="col" class="use">
                <span class="visually-hidden">{t('ui.use_layout')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {s.top.map((c, i) => row(c, i))}
            {roomy && row(roomy, s.top.length, t('ui.search_roomy'))}
          </tbody>
        </table>
      </div>
      {resolution?.available && (
        <p class="context" data-testid="search-resolution">
          {resolutionSentence(resolution, t, n, percent)}
        </p>
      )}
      {s.pareto.length > 1 && <ParetoChart points={s.pareto} best={s.best} />}
    </>
  );
}
