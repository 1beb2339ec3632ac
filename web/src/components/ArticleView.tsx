import { useMemo } from 'preact/hooks';
import type { PlanTexts } from '../core/types';
import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { ARTICLE_INFERENCE, ARTICLE_TRAINING } from './article-rows';
import { ComparisonTable } from './ComparisonTable';
import { Disagreement } from './Disagreement';
import { InferencePlan } from './InferencePlan';
import { TrainingPlan } from './TrainingPlan';

/**
 * The article's method in its own view: the article named, its worked examples reproduced by the
 * core (whatever the plan), then this plan through the article's steps, and its comparison table.
 */
export function ArticleView() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const { core } = app;
  const n = (v: number | null) => formatNumber(lang, v, 4);
  // The article's own inputs: its rows do not change with the plan (nor with the language).
  const rows = useMemo(() => {
    const evaluate = (texts: PlanTexts) => core.evaluate({ ...core.defaultTexts, ...texts });
    return {
      training: ARTICLE_TRAINING.map((texts) => ({ texts, report: evaluate(texts) })),
      inference: ARTICLE_INFERENCE.map((texts) => ({ texts, report: evaluate(texts) })),
    };
  }, [core]);
  const open = (texts: PlanTexts) => {
    app.setTexts({ ...core.defaultTexts, lang: app.texts.value.lang ?? '', ...texts });
  };
  return (
    <div class="article-view" data-testid="article-view">
      <section class="panel" aria-labelledby="article-title">
        <h2 id="article-title">{t('ui.article_method')}</h2>
        <p data-testid="article-source">{t('ui.article_source')}</p>
        <p class="context">{t('ui.article_rule')}</p>
        <div class="table-scroll">
          <table class="article-rows" data-testid="article-rows">
            <caption>{t('ui.article_rows_training')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('field.model')}</th>
                <th scope="col">{t('field.accelerator')}</th>
                <th scope="col" class="num">
                  (TP, PP, DP)
                </th>
                <th scope="col" class="num">
                  {t('ui.md_train_gpus')}
                </th>
                <th scope="col">
                  <span class="visually-hidden">{t('ui.article_open_row')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.training.map(({ texts, report }) => (
                <tr
                  key={`${texts.model}/${texts.accelerator}`}
                  data-row={`${texts.model}/${texts.accelerator}`}
                >
                  <th scope="row">{report.setup.modelName}</th>
                  <td>{report.setup.acceleratorName}</td>
                  <td class="num">
                    ({n(report.articleTraining.tp)}, {n(report.articleTraining.pp)},{' '}
                    {n(report.articleTraining.dp)})
                  </td>
                  <td class="num">{n(report.articleTraining.totalGpus)}</td>
                  <td>
                    <button type="button" class="secondary" onClick={() => open(texts)}>
                      {t('ui.article_open_row')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div class="table-scroll">
          <table class="article-rows" data-testid="article-inference-rows">
            <caption>{t('ui.article_rows_inference')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('field.model')}</th>
                <th scope="col">{t('field.accelerator')}</th>
                <th scope="col" class="num">
                  {t('ui.md_infer_min')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.inference.map(({ texts, report }) => (
                <tr key={`${texts.model}/${texts.accelerator}`}>
                  <th scope="row">{report.setup.modelName}</th>
                  <td>{report.setup.acceleratorName}</td>
                  <td class="num">{n(report.articleInference.minGpus)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Disagreement />
      </section>
      <TrainingPlan />
      <InferencePlan />
      <ComparisonTable />
    </div>
  );
}
