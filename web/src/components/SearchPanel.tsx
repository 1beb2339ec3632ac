import { useRef } from 'preact/hooks';
import { useNear } from './use-near';
import type { LayoutCandidate } from '../core/types';
import { formatNumber } from '../i18n/i18n';
import { issueText } from '../i18n/issue-text';
import { searchApplies } from '../state/search-state';
import { useApp, useT } from '../state/context';
import { ParetoChart } from './ParetoChart';
import { orNaN } from '../core/unknown';

/** Every valid layout for the cluster or deadline, the best first, and the GPUs-vs-time front. */
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
  // applyPlan, not setTexts: the answer card comes into view and says what changed.
  const use = (c: LayoutCandidate) =>
    app.applyPlan({
      tp: String(c.tp),
      pp: String(c.pp),
      dp: app.texts.value.clusterGpus ? '' : String(c.dp),
      microBatch: String(c.microBatch),
      zero: String(c.zero),
      recompute: c.recompute,
      sequenceParallel: c.sequenceParallel ? '1' : '0',
    });
  const body = () => {
    if (!searchApplies(app.texts.value)) return <p class="hint">{t('ui.search_idle')}</p>;
    const report = state.report;
    if (state.status === 'error') return <p class="error">{state.error}</p>;
    if (!report) return <p aria-busy="true">{t('ui.searching')}</p>;
    const s = report.search;
    return (
      <>
        <p class="context" data-testid="search-summary" data-ms={state.ms?.toFixed(1)}>
          {t('ui.search_summary', {
            evaluated: n(s.evaluated, 0),
            feasible: n(s.feasible, 0),
            ms: n(state.ms, 0),
            us: n(((state.ms ?? 0) * 1000) / Math.max(1, orNaN(s.evaluated)), 2),
          })}
          {state.status === 'running' && ` ${t('ui.searching')}`}
        </p>
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
                    <th scope="col" class="num">
                      {t('field.micro_batch')}
                    </th>
                    <th scope="col" class="num">
                      ZeRO
                    </th>
                    <th scope="col">{t('field.recompute')}</th>
                    <th scope="col" class="num">
                      {t('cli.col_peak')}
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
                      </th>
                      <td class="num">{n(c.gpus, 0)}</td>
                      <td class="num">{c.microBatch}</td>
                      <td class="num">{c.zero}</td>
                      <td>{t(`choice.recompute.${c.recompute}`)}</td>
                      <td class="num">{n(c.peakGb, 1)} GB</td>
                      <td class="num">{n(orNaN(c.mfu) * 100, 1)}%</td>
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
