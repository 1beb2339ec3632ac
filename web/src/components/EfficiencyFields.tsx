import resultsMessages from 'virtual:messages/results';
import { addMessages } from '../i18n/i18n';
import { useT } from '../state/context';
import { Field } from './Field';

addMessages(resultsMessages);

// Their hints are time.hint_* (not hint.*, which the question's short path builds by name), so
// they travel in the results pack rather than in every first visit.
/**
 * The step-time model's efficiencies and overlaps, loaded when their section is opened (with
 * their hints): what each kernel and link reaches, what hides communication, or a measured rate.
 */
export function EfficiencyFields() {
  const t = useT();
  return (
    <>
      <Field id="gemmEfficiency" hint={t('time.hint_gemm_efficiency')} />
      <Field id="attentionEfficiency" hint={t('time.hint_attention_efficiency')} />
      <Field id="memoryEfficiency" hint={t('time.hint_memory_efficiency')} />
      <Field id="commEfficiency" hint={t('time.hint_comm_efficiency')} />
      <Field id="netEfficiency" hint={t('time.hint_net_efficiency')} />
      <Field id="tpOverlap" hint={t('time.hint_tp_overlap')} />
      <Field id="moeOverlap" hint={t('time.hint_moe_overlap')} />
      <Field id="moeFlexDispatcher" hint={t('time.hint_moe_flex_dispatcher')} />
      <Field id="ppOverlap" hint={t('time.hint_pp_overlap')} />
      <Field id="dpOverlap" hint={t('time.hint_dp_overlap')} />
      <Field id="mfu" hint={t('time.hint_mfu')} />
      <Field id="achievedTflops" hint={t('time.hint_achieved_tflops')} />
      <Field id="pue" />
    </>
  );
}
