import { Disclosure } from './Disclosure';
import { useT } from '../state/context';
import { Field } from './Field';

/** What the time, cost and search need: tokens, efficiency, energy, a deadline, the ranking. */
export function TimeFields() {
  const t = useT();
  return (
    <fieldset>
      <legend>{t('ui.group_time')}</legend>
      <Field id="tokens" hint={t('hint.tokens')} />
      <Field id="epochs" />
      <Field id="deadlineDays" hint={t('hint.deadline_days')} />
      <Field id="objective" />
      <Disclosure summary={t('ui.efficiency')}>
        {() => (
          <>
            <Field id="mfu" hint={t('hint.mfu')} />
            <Field id="achievedTflops" hint={t('hint.achieved_tflops')} />
            <Field id="dpOverlap" />
            <Field id="pue" />
          </>
        )}
      </Disclosure>
    </fieldset>
  );
}
