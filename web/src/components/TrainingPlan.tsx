import { formatNumber, formatParams } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { DerivationTable } from './DerivationTable';
import { cpSuffix } from './cp-suffix';

/** The article's training plan: the layout in one line, then its derivation. */
export function TrainingPlan() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const { articleTraining: tr, setup } = app.report.value;
  const n = (v: number | null) => formatNumber(lang, v, 4);
  return (
    <section class="panel" aria-labelledby="training-title">
      <h2 id="training-title">{t('ui.training_title')}</h2>
      <p class="context">
        {setup.modelName || t('ui.custom_model')} · {formatParams(lang, setup.params)} ·{' '}
        {setup.acceleratorName || t('ui.custom_accelerator')} ·{' '}
        {t('ui.gb', { n: n(setup.cardMemoryGb) })}
      </p>
      <p class="headline">
        <span class="layout" data-testid="train-layout">
          {t('ui.layout_triplet', {
            tp: n(tr.tp),
            pp: n(tr.pp),
            dp: n(tr.dp),
            cp: cpSuffix(tr.cp),
          })}
        </span>{' '}
        →{' '}
        <strong data-testid="train-total">
          {n(tr.totalGpus)} {t('unit.GPUs', { n: tr.totalGpus ?? NaN })}
        </strong>
      </p>
      <DerivationTable steps={tr.steps} caption={t('ui.derivation')} />
    </section>
  );
}
