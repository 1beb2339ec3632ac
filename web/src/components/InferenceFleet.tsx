import { useRef } from 'preact/hooks';
import { formatNumber } from '../i18n/i18n';
import { useNear } from './use-near';
import { useApp, useT } from '../state/context';
import { ConcurrencyCurve } from './ConcurrencyCurve';
import { DerivationTable } from './DerivationTable';
import { MemoryBar } from './MemoryBar';
import { orNaN } from '../core/unknown';

/**
 * The serving model beside the article's minimum: the layout and whether it fits, the memory of
 * one card, how many sequences it holds by context, throughput, and the derivation.
 */
export function InferenceFleet() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const panel = useRef<HTMLElement>(null);
  // The serving model arrives with the full module, fetched as this panel nears the viewport.
  useNear(panel, () => app.wantServing());
  const { inference: inf, articleInference: article, servingComputed } = app.report.value;
  const n = (v: number | null, digits = 2) => formatNumber(lang, v, digits);
  if (!servingComputed) {
    const failed = app.serving.value === 'failed';
    return (
      <section class="panel" aria-labelledby="serving-title" ref={panel}>
        <h2 id="serving-title">{t('ui.serving_title')}</h2>
        {failed ? (
          <p role="alert" data-testid="serving-failed">
            {t('ui.serving_load_failed')}{' '}
            <button type="button" class="secondary" onClick={() => app.wantServing()}>
              {t('ui.retry')}
            </button>
          </p>
        ) : (
          <p class="why" data-testid="serving-loading" aria-busy="true">
            {t('ui.serving_loading')}
          </p>
        )}
      </section>
    );
  }
  if (!inf.available) {
    return (
      <section class="panel" aria-labelledby="serving-title">
        <h2 id="serving-title">{t('ui.serving_title')}</h2>
        <p class="why" data-testid="serving-unavailable">
          {t('ui.serving_needs_architecture')}
        </p>
      </section>
    );
  }
  const th = inf.throughput;
  const s = inf.settings;
  return (
    <section class="panel" aria-labelledby="serving-title">
      <h2 id="serving-title">{t('ui.serving_title')}</h2>
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
      <ConcurrencyCurve points={inf.curve} tp={orNaN(inf.tp)} context={orNaN(s.context)} />
      <p class="context" data-testid="serving-throughput">
        {t('ui.throughput', {
          decode: n(th.decodeTokensPerS, 0),
          per_card: n(th.decodeTokensPerSPerCard, 0),
          prefill: n(th.prefillS, 3),
          bound: n(th.computeBoundBatch, 0),
        })}
      </p>
      <DerivationTable steps={inf.steps} caption={t('ui.derivation')} />
    </section>
  );
}
