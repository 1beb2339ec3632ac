import { useEffect } from 'preact/hooks';
import { formatNumber, formatParams } from '../i18n/i18n';
import { useApp, useT } from '../state/context';

/** The article's section 2.3.4: every preset model against the plan's card and the article's. */
export function ComparisonTable() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  // The matrix is computed by the full module, fetched when this table is first shown.
  useEffect(() => app.wantComparison(), []);
  const m = app.comparison.value;
  const n = (v: number | null) => formatNumber(lang, v, 0);
  const head = (
    <>
      <h2 id="comparison-title">{t('ui.comparison_title')}</h2>
      <p class="hint">{t('ui.comparison_hint')}</p>
    </>
  );
  if (!m) {
    const failed = app.comparisonState.value === 'failed';
    return (
      <section class="panel" aria-labelledby="comparison-title">
        {head}
        {failed ? (
          <p role="alert" data-testid="comparison-failed">
            {t('ui.comparison_load_failed')}{' '}
            <button type="button" class="secondary" onClick={() => app.wantComparison()}>
              {t('ui.retry')}
            </button>
          </p>
        ) : (
          <p class="why" aria-busy="true" data-testid="comparison-loading">
            {t('ui.comparison_loading')}
          </p>
        )}
      </section>
    );
  }
  return (
    <section class="panel" aria-labelledby="comparison-title">
      {head}
      <div class="table-scroll">
        <table class="comparison" data-testid="comparison">
          <thead>
            <tr>
              <th scope="col">{t('field.model')}</th>
              {m.acceleratorNames.map((name, i) => (
                <th scope="col" key={m.accelerators[i]}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {m.rows.map((row) => (
              <tr key={row.model}>
                <th scope="row">
                  {row.modelName}
                  <span class="sub">{formatParams(lang, row.params)}</span>
                </th>
                {row.cells.map((c) => (
                  <td
                    key={c.accelerator}
                    class={c.isPlan ? 'current' : undefined}
                    data-cell={`${row.model}/${c.accelerator}`}
                  >
                    {c.ok ? (
                      <>
                        <span class="layout">
                          ({n(c.tp)}, {n(c.pp)}, {n(c.dp)})
                        </span>
                        <span class="total">{t('ui.training_cards', { n: n(c.totalGpus) })}</span>
                        <span class="sub">
                          {t('ui.inference_cards', { n: n(c.minGpusInference) })}
                        </span>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
