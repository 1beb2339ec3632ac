import type { DerivationStep } from '../core/types';
import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';

/** The working, step by step: what is computed, the formula, the numbers put in, the result. */
export function DerivationTable({ steps, caption }: { steps: DerivationStep[]; caption: string }) {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  return (
    <div class="table-scroll">
      <table class="derivation">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('ui.col_step')}</th>
            <th scope="col">{t('ui.col_formula')}</th>
            <th scope="col">{t('ui.col_numbers')}</th>
            <th scope="col" class="num">
              {t('ui.col_value')}
            </th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step, i) => (
            <tr key={step.id} data-step={step.id}>
              <td class="num">{i + 1}</td>
              <th scope="row">
                {t(`step.${step.id}`)}
                {step.note && <p class="note">{t(`note.${step.note}`, step.noteParams)}</p>}
              </th>
              <td>
                <code>{step.formula}</code>
              </td>
              <td>
                <code>{step.substitution}</code>
              </td>
              <td class="num" data-testid={`step-${step.id}`}>
                {formatNumber(lang, step.value, 4)}
                {step.unit &&
                  Number.isFinite(step.value) &&
                  ` ${t(`unit.${step.unit}`, { n: step.value ?? NaN })}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
