import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { DerivationTable } from './DerivationTable';
import { MEMORY_PARTS } from './memory-parts';
import { StageMemoryChart } from './StageMemoryChart';
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
  const peak = full.stages[m.peakStage];
  const statePerCard = article.modelStateGb / (article.tp * article.pp);
  return (
    <section class="panel" aria-labelledby="memory-title" data-testid="memory-panel">
      <h2 id="memory-title">{t('ui.memory_title')}</h2>
      <p class="headline">
        <strong data-testid="memory-peak" class={m.fits ? 'fits' : 'over'}>
          {t(m.fits ? 'ui.peak_fits' : 'ui.peak_over', {
            peak: gb(m.peakGb),
            card: gb(m.cardMemoryGb),
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
        })}
      </p>
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
            <td class="num">{gbUnit(m.cardMemoryGb - article.safeMemoryPerCardGb)}</td>
            <td class="num">{gbUnit(m.activationsGb + m.logitsGb + m.overheadGb)}</td>
          </tr>
          <tr>
            <th scope="row">{t('ui.verdict')}</th>
            <td class="num">
              {statePerCard <= article.safeMemoryPerCardGb ? t('ui.fits') : t('ui.over')}
            </td>
            <td class="num">{m.fits ? t('ui.fits') : t('ui.over')}</td>
          </tr>
        </tbody>
      </table>
      <StageMemoryChart stages={full.stages} cardGb={full.memory.cardMemoryGb} />
      <p class="fit-options" data-testid="fit-options">
        {t('cli.fit_options')}:{' '}
        {full.fitOptions
          .map(
            (o) =>
              `${t(`choice.recompute.${o.recompute}`)} → ${
                Number.isFinite(o.pp) ? `PP ${o.pp} (${gbUnit(o.peakGb)})` : t('cli.no_pp_fits')
              }`,
          )
          .join(' · ')}
      </p>
      <DerivationTable steps={full.steps} caption={t('cli.memory_derivation')} />
    </section>
  );
}
