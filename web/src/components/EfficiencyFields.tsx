import resultsMessages from 'virtual:messages/results';
import { addMessages } from '../i18n/i18n';
import { useT } from '../state/context';
import { Field } from './Field';

addMessages(resultsMessages);

/**
 * The step-time model's efficiencies and overlaps, loaded when their section is opened (with
 * their hints): what each kernel and link reaches, what hides communication, or a measured rate.
 */
export function EfficiencyFields() {
  const t = useT();
  return (
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
  );
}
