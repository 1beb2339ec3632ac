import { useT } from '../state/context';
import { Field } from './Field';

/** A serving replica's pipeline, data and expert parallelism. */
export function ServingLayoutFields() {
  return (
    <>
      <Field id="inferPp" />
      <Field id="inferDp" />
      <Field id="expertParallel" />
    </>
  );
}

/** The engine's memory, batching and kernel efficiencies. */
export function ServingEngineFields() {
  const t = useT();
  return (
    <>
      <Field id="gpuMemoryUtilization" hint={t('hint.gpu_memory_utilization')} />
      <Field id="runtimeReserveGb" />
      <Field id="prefillChunk" />
      <Field id="maxNumSeqs" />
      <Field id="kvBlockTokens" />
      <Field id="decodeEfficiency" hint={t('hint.decode_efficiency')} />
      <Field id="prefillEfficiency" hint={t('hint.prefill_efficiency')} />
    </>
  );
}

/** Prefix caching, speculative decoding, disaggregation, KV offload and encoders. */
export function ServingWhatIfFields() {
  const t = useT();
  return (
    <>
      <Field id="prefixHitRate" hint={t('hint.prefix_hit_rate')} />
      <Field id="specTokens" hint={t('hint.spec_tokens')} />
      <Field id="specAcceptance" />
      <Field id="pdRatio" hint={t('hint.pd_ratio')} />
      <Field id="kvOffloadGb" />
      <Field id="encoderReserveGb" />
    </>
  );
}
