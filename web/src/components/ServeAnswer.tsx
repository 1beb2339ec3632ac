import { useEffect } from 'preact/hooks';
import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { AnswerItem as Item } from './AnswerItem';
import { FleetAnswer } from './FleetAnswer';

/**
 * The serving answer: the fleet for the target load when the search found one (FleetAnswer),
 * else the view inside one node: GPUs, the layout (TP × replicas), how many sequences a replica
 * holds, the decode throughput and whether a card holds it. The serving model comes with the full module:
 * this card asks for it.
 */
export function ServeAnswer() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  // The serving model comes with the full module: this card asks for it.
  useEffect(() => void app.wantFullModule(), []);
  useEffect(() => app.showServing(), [app]);
  const { setup, inference: inf, articleInference, servingComputed } = app.report.value;
  const n = (v: number | null, digits = 2) => formatNumber(lang, v, digits);
  const title = t('ui.answer_serve', {
    model: setup.modelName || t('ui.custom_model'),
    accelerator: setup.acceleratorName || t('ui.custom_accelerator'),
  });
  const head = <h2 id="answer-title">{title}</h2>;
  if (!servingComputed) {
    return (
      <>
        {head}
        {app.fullModule.value === 'failed' ? (
          <p role="alert" data-testid="answer-serving-failed">
            {t('ui.serving_load_failed')}{' '}
            <button type="button" class="secondary" onClick={() => app.wantFullModule()}>
              {t('ui.retry')}
            </button>
          </p>
        ) : (
          <p aria-busy="true" data-testid="answer-serving-loading">
            {t('ui.serving_loading')}
          </p>
        )}
      </>
    );
  }
  if (!inf.available) {
    return (
      <>
        {head}
        <dl class="answer-grid">
          <Item
            label={t('ui.answer_gpus')}
            testId="serve-total"
            how={t('ui.answer_article_minimum')}
          >
            {n(articleInference.minGpus)} {t('unit.GPUs', { n: articleInference.minGpus ?? NaN })}
          </Item>
        </dl>
        <p class="why">{t('ui.serving_needs_architecture')}</p>
      </>
    );
  }
  if (inf.fleet.found) return <FleetAnswer head={head} />;
  const card = inf.perCard;
  return (
    <>
      {head}
      <dl class="answer-grid">
        <Item
          label={t('ui.answer_gpus')}
          testId="serve-total"
          how={t('ui.serving_layout', {
            tp: n(inf.tp),
            replicas: n(inf.replicas),
            total: n(inf.totalGpus),
          })}
        >
          {n(inf.totalGpus)} {t('unit.GPUs', { n: inf.totalGpus ?? NaN })}
        </Item>
        <Item
          label={t('ui.answer_layout')}
          testId="serve-layout"
          how={
            Number.isFinite(inf.minGpus)
              ? t('ui.serving_min', { n: n(inf.minGpus), context: n(inf.settings.context) })
              : t('ui.serving_min_none')
          }
        >
          {t('ui.answer_serve_layout', { tp: n(inf.tp), replicas: n(inf.replicas) })}
        </Item>
        <Item
          label={t('ui.answer_concurrency')}
          testId="answer-concurrency"
          how={t('ui.answer_concurrency_how', { context: n(inf.settings.context) })}
        >
          {n(inf.maxConcurrency, 0)}
        </Item>
        <Item
          label={t('ui.answer_decode')}
          testId="answer-decode"
          how={t('ui.answer_decode_how', { n: n(inf.throughput.decodeTokensPerSPerCard, 0) })}
        >
          {t('ui.answer_tokens_per_s', { n: n(inf.throughput.decodeTokensPerS, 0) })}
        </Item>
        <Item
          label={t('ui.answer_fit_label')}
          testId="answer-fits"
          tone={inf.fits ? 'fits' : 'over'}
          how={t('ui.answer_serve_how', {
            gb: n(inf.perCardGb),
            usable: n(card.usableGb),
            card: n(card.cardMemoryGb),
          })}
        >
          {t(inf.fits ? 'ui.answer_fits' : 'ui.answer_over')}
        </Item>
      </dl>
    </>
  );
}
