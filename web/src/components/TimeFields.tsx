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
      <Field id="searchLimits" hint={t('hint.search_limits')} />
      <Disclosure summary={t('ui.efficiency')}>
        {() => (
          <>
            <Field id="gemmEfficiency" hint={t('hint.gemm_efficiency')} />
            <Field id="attentionEfficiency" hint={t('hint.attention_efficiency')} />
            <Field id="memoryEfficiency" hint={t('hint.memory_efficiency')} />
            <Field id="commEfficiency" hint={t('hint.comm_efficiency')} />
            <Field id="tpOverlap" hint={t('hint.tp_overlap')} />
            <Field id="moeOverlap" hint={t('hint.moe_overlap')} />
            <Field id="dpOverlap" hint={t('hint.dp_overlap')} />
            <Field id="mfu" hint={t('hint.mfu')} />
            <Field id="achievedTflops" hint={t('hint.achieved_tflops')} />
            <Field id="pue" />
          </>
        )}
      </Disclosure>
    </fieldset>
  );
}
