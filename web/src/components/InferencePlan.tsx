import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { DerivationTable } from './DerivationTable';

/** The article's inference minimum, with a plain sentence of why. */
export function InferencePlan() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const inf = app.report.value.articleInference;
  const why = inf.steps[inf.steps.length - 1];
  return (
    <section class="panel" aria-labelledby="inference-title">
      <h2 id="inference-title">{t('ui.inference_title')}</h2>
      <p class="headline">
        <strong data-testid="infer-min-gpus">
          {t('ui.min_cards', { n: formatNumber(lang, inf.minGpus) })}
        </strong>{' '}
        ·{' '}
        <span data-testid="infer-weights">
          {t('ui.gb', { n: formatNumber(lang, inf.weightsGb, 2) })}
        </span>
      </p>
      {why?.note && (
        <p class="why" data-testid="infer-why">
          {t(`note.${why.note}`, why.noteParams)}
        </p>
      )}
      <DerivationTable steps={inf.steps} caption={t('ui.derivation')} />
    </section>
  );
}
