import { useRef } from 'preact/hooks';
import { useNear } from './use-near';
import type { LayoutCandidate } from '../core/types';
import { formatNumber } from '../i18n/i18n';
import { issueText } from '../i18n/issue-text';
import { searchApplies } from '../state/search-state';
import { useApp, useT } from '../state/context';
import { ParetoChart } from './ParetoChart';

/** "VPP 4 · CP 2 · EP 8 · 7,8,…,7": the dimensions beyond (TP, PP, DP) a layout uses. */
export function layoutExtras(c: LayoutCandidate): string {
  const parts: string[] = [];
  if (c.vpp > 1) parts.push(`VPP ${c.vpp}`);
  if (c.cp > 1) parts.push(`CP ${c.cp}`);
  if (c.ep > 1) parts.push(`EP ${c.ep}${c.etp > 1 ? `×${c.etp}` : ''}`);
  if (c.stageLayers) parts.push(`[${c.stageLayers}]`);
  return parts.join(' · ');
}

/**
 * Every valid layout for the cluster or deadline at one global batch, the best first, with its
 * progress while it runs (and a way to stop it), and the GPUs-vs-time front.
 */
export function SearchPanel() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const state = app.search.value;
  const panel = useRef<HTMLElement>(null);
  // A screen ahead of the scroll, so the answer is usually there when the panel is.
  useNear(panel, () => {
    app.searchShown.value = true;
  });
  const n = (v: number | null | undefined, d = 2) => formatNumber(lang, v ?? undefined, d);
  const use = (c: LayoutCandidate) => {
    const texts = app.texts.value;
    const resolvedBatch = app.resolvedInput('global_batch')?.value;
    app.setTexts({
      ...texts,
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
      sequenceParallel: c.sequenceParallel ? '1' : '0',
      // Within a batch tolerance a layout may train a nearby batch: keep the one it was shown with.
      globalBatch:
        c.globalBatch === resolvedBatch ? (texts.globalBatch ?? '') : String(c.globalBatch),
    });
  };
  const running = state.status === 'running';
  const progress = () =>
    running && (
      <p class="search-progress" data-testid="search-progress">
        <progress
          value={state.progress?.done ?? 0}
          max={state.progress?.total || 1}
          aria-label={t('ui.searching')}
        />{' '}
        <button
          type="button"
          class="secondary"
          data-testid="search-cancel"
          onClick={() => app.cancelSearch()}
        >
          {t('ui.cancel')}
        </button>
      </p>
    );
  const body = () => {
    if (!searchApplies(app.texts.value)) return <p class="hint">{t('ui.search_idle')}</p>;
    const report = state.report;
    if (state.status === 'error') return <p class="error">{state.error}</p>;
    if (!report) {
      return (
        <>
          <p aria-busy="true">{t('ui.searching')}</p>
          {progress()}
        </>
      );
    }
    const s = report.search;
    return (
      <>
        <p class="context" data-testid="search-summary" data-ms={state.ms?.toFixed(1)}>
          {t('ui.search_summary', {
            evaluated: n(s.evaluated, 0),
            feasible: n(s.feasible, 0),
            ms: n(state.ms, 0),
            us: n(((state.ms ?? 0) * 1000) / Math.max(1, s.evaluated), 2),
          })}{' '}
          {s.globalBatch > 0 && t('ui.search_batch', { batch: n(s.globalBatch, 0) })}
          {running && ` ${t('ui.searching')}`}
          {state.status === 'cancelled' && ` ${t('ui.search_cancelled')}`}
        </p>
        {progress()}
        {report.issues
          .filter((i) => i.severity === 'error' || i.code.startsWith('search'))
          .map((i, k) => (
            <p key={k} class={i.severity}>
              {issueText(lang, i)}
            </p>
          ))}
        {s.found && (
          <>
            {s.minGpusFound && (
              <p class="headline" data-testid="search-min-gpus">
                {t('cli.min_gpus_layout', {
                  gpus: n(s.minGpus.gpus, 0),
                  tp: s.minGpus.tp,
                  pp: s.minGpus.pp,
                  dp: s.minGpus.dp,
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
                    <th scope="col" class="num">
                      {t('cli.col_days')}
                    </th>
                    <th scope="col" class="num">
                      {t('cli.col_cost')}
                    </th>
                    <th scope="col">
                      <span class="visually-hidden">{t('ui.use_layout')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {s.top.map((c, i) => (
                    <tr key={i}>
                      <th scope="row">
                        ({c.tp}, {c.pp}, {c.dp})
                        {layoutExtras(c) && <small class="extras">{layoutExtras(c)}</small>}
                      </th>
                      <td class="num">{n(c.gpus, 0)}</td>
                      <td class="num">
                        {c.microBatch} × {n(c.microbatches, 0)}
                      </td>
                      <td class="num">{c.zero}</td>
                      <td>{t(`choice.recompute.${c.recompute}`)}</td>
                      <td class="num">{n(c.peakGb, 1)} GB</td>
                      <td class="num">{n((c.bubbleS / c.stepS) * 100, 1)}%</td>
                      <td class="num">{n(c.mfu * 100, 1)}%</td>
                      <td class="num">{n(c.days, 1)}</td>
                      <td class="num">
                        {Number.isFinite(c.cost ?? NaN) ? `$${n(c.cost, 0)}` : '—'}
                      </td>
                      <td>
                        <button type="button" class="secondary" onClick={() => use(c)}>
                          {t('ui.use_layout')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {s.pareto.length > 1 && <ParetoChart points={s.pareto} best={s.best} />}
          </>
        )}
      </>
    );
  };
  return (
    <section
      ref={panel}
      class="panel"
      aria-labelledby="search-title"
      data-testid="search-panel"
      aria-live="polite"
    >
      <h2 id="search-title">{t('ui.search_title')}</h2>
      {body()}
    </section>
  );
}
