import { Disclosure } from './Disclosure';
import { useT } from '../state/context';
import { Field } from './Field';

/**
 * How the model is served: the engine and the target load first, then formats and the view inside
 * one node, the replica's layout, the engine's memory and batching, and the what-ifs.
 */
export function ServingFields() {
  const t = useT();
  return (
    <fieldset data-testid="serving-inputs">
      <legend>{t('ui.group_serving')}</legend>
      <Field id="engine" />
      <Field id="concurrency" hint={t('hint.concurrency')} />
      <Field id="inputTokens" hint={t('hint.input_tokens')} />
      <Field id="outputTokens" />
      <Field id="tpotSloMs" hint={t('hint.tpot_slo_ms')} />
      <Field id="weights" />
      <Field id="weightBits" hint={t('hint.weight_bits')} />
      <Field id="embeddingFormat" />
      <Field id="kvDtype" />
      <Field id="batch" hint={t('hint.batch')} />
      <Field id="context" hint={t('hint.context')} />
      <Field id="promptTokens" />
      <Field id="targetConcurrency" hint={t('hint.target_concurrency')} />
      <Field id="inferTp" hint={t('hint.infer_tp')} />
      <Disclosure summary={t('ui.serving_layout_inputs')}>
        {() => (
          <>
            <Field id="inferPp" />
            <Field id="inferDp" />
            <Field id="expertParallel" />
          </>
        )}
      </Disclosure>
      <Disclosure summary={t('ui.serving_engine')}>
        {() => (
          <>
            <Field id="gpuMemoryUtilization" hint={t('hint.gpu_memory_utilization')} />
            <Field id="runtimeReserveGb" />
            <Field id="prefillChunk" />
            <Field id="maxNumSeqs" />
            <Field id="kvBlockTokens" />
            <Field id="decodeEfficiency" hint={t('hint.decode_efficiency')} />
            <Field id="prefillEfficiency" hint={t('hint.prefill_efficiency')} />
          </>
        )}
      </Disclosure>
      <Disclosure summary={t('ui.serving_what_ifs')}>
        {() => (
          <>
            <Field id="prefixHitRate" hint={t('hint.prefix_hit_rate')} />
            <Field id="specTokens" hint={t('hint.spec_tokens')} />
            <Field id="specAcceptance" />
            <Field id="pdRatio" hint={t('hint.pd_ratio')} />
            <Field id="kvOffloadGb" />
            <Field id="encoderReserveGb" />
          </>
        )}
      </Disclosure>
    </fieldset>
  );
}
