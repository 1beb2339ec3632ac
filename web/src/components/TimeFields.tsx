import { useApp, useT } from '../state/context';
import { Field } from './Field';

/** What the time, cost and search need: tokens, efficiency, energy, a deadline, the ranking. */
export function TimeFields() {
  const app = useApp();
  const t = useT();
  const s = app.report.value.training.settings;
  const available = app.report.value.training.available;
  return (
    <fieldset>
      <legend>{t('ui.group_time')}</legend>
      <Field id="tokens" hint={t('hint.tokens')} />
      <Field id="epochs" auto={1} />
      <Field id="deadlineDays" hint={t('hint.deadline_days')} />
      <Field id="objective" auto="time" />
      <details class="more">
        <summary>{t('ui.efficiency')}</summary>
        <Field id="mfu" auto={available ? s.computeEfficiency : undefined} hint={t('hint.mfu')} />
        <Field id="achievedTflops" hint={t('hint.achieved_tflops')} />
        <Field id="dpOverlap" auto={available ? s.dpOverlap : undefined} />
        <Field id="pue" auto={1.2} />
      </details>
    </fieldset>
  );
}
