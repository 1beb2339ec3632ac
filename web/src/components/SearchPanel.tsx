import { useRef } from 'preact/hooks';
import { formatNumber } from '../i18n/i18n';
import { issueText } from '../i18n/issue-text';
import { searchApplies } from '../state/search-state';
import { useApp, useT } from '../state/context';
import { Lazy } from './Lazy';
import { useNear } from './use-near';
import { orNaN } from '../core/unknown';

// The layouts' table and chart load with the search's first result, not with the page.
const loadResults = () => import('./SearchResults').then((m) => m.SearchResults);

/**
 * Every valid layout for the cluster or deadline at one global batch: progress while the search
 * runs (and a way to stop it), then its summary and, loaded with the first result, the layouts.
 */
export function SearchPanel() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const state = app.search.value;
  const panel = useRef<HTMLElement>(null);
  // A screen ahead of the scroll, so the answer is usually there when the panel is. (On the page
  // its place has said so already, App.tsx; an embed has no place before the panel.)
  useNear(panel, () => {
    app.searchShown.value = true;
  });
  const n = (v: number | null | undefined, d = 2) => formatNumber(lang, v ?? undefined, d);
  const search = state.report?.search;
  const running = state.status === 'running';
  const progress = running && (
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
    if (state.status === 'error') return <p class="error">{state.error}</p>;
    if ((!state.report || !search) && state.status === 'cancelled') {
      // Cancelled before a first result: nothing is running any more, and nothing to show.
      return (
        <p class="context" data-testid="search-cancelled">
          {t('ui.search_cancelled')}
        </p>
      );
    }
    if (!state.report || !search) {
      return (
        <>
          <p aria-busy="true">{t('ui.searching')}</p>
          {progress}
        </>
      );
    }
    return (
      <>
        <p class="context" data-testid="search-summary" data-ms={state.ms?.toFixed(1)}>
          {t('ui.search_summary', {
            evaluated: n(search.evaluated, 0),
            feasible: n(search.feasible, 0),
            ms: n(state.ms, 0),
            us: n(((state.ms ?? 0) * 1000) / Math.max(1, orNaN(search.evaluated)), 2),
          })}{' '}
          {orNaN(search.globalBatch) > 0 &&
            (orNaN(search.batchTolerance) > 0
              ? t('ui.search_batch_tolerance', {
                  batch: n(search.globalBatch, 0),
                  tolerance: n(orNaN(search.batchTolerance) * 100, 1),
                })
              : t('ui.search_batch', { batch: n(search.globalBatch, 0) }))}
          {orNaN(search.skipped) > 0 &&
            ` ${t('ui.search_skipped', { skipped: n(search.skipped, 0) })}`}{' '}
          <span data-testid="search-room">
            {t(search.tightAllowed ? 'ui.search_room_tight' : 'ui.search_room', {
              headroom: n(orNaN(search.headroom) * 100, 0),
            })}
          </span>
          {search.expertsLimited && !search.expertsFallback && (
            <span data-testid="search-experts">
              {' '}
              {t('ui.search_experts', { most: n(search.expertsMost, 0) })}
            </span>
          )}
          {running && ` ${t('ui.searching')}`}
          {state.status === 'cancelled' && (
            <span data-testid="search-cancelled"> {t('ui.search_cancelled')}</span>
          )}
        </p>
        {progress}
        {state.report.issues
          .filter((i) => i.severity === 'error' || i.code.startsWith('search'))
          .map((i, k) => (
            <p key={k} class={i.severity}>
              {issueText(lang, i)}
            </p>
          ))}
        {search.found && <Lazy load={loadResults} />}
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
