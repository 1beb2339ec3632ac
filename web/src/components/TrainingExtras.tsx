import { useT } from '../state/context';
import { Field } from './Field';

/**
 * Context, expert and interleaved parallelism, uneven stages, block recompute, ZeRO-3's prefetch,
 * MoE capacity.
 */
export function ParallelismFields() {
  const t = useT();
  return (
    <>
      <Field id="cp" />
      <Field id="ep" />
      <Field id="etp" />
      <Field id="moeCapacityFactor" hint={t('hint.moe_capacity_factor')} />
      <Field id="mtpLayers" hint={t('hint.mtp_layers')} />
      <Field id="vpp" />
      <Field id="stageLayers" hint={t('hint.stage_layers')} />
      <Field id="recomputeLayers" hint={t('hint.recompute_layers')} />
      <Field id="prefetchBucket" hint={t('hint.prefetch_bucket')} />
    </>
  );
}

/**
 * Optimizer and activation offload to the host, the loss's and gradients' precision, fp8 scaling
 * and attention.
 */
export function OffloadFields() {
  const t = useT();
  return (
    <>
      <Field id="offload" hint={t('hint.offload')} />
      <Field id="activationOffload" />
      <Field id="hostLinkGbps" />
      <Field id="loss" />
      <Field id="gradReduceBf16" hint={t('hint.grad_reduce_bf16')} />
      <Field id="fp8Recipe" hint={t('hint.fp8_recipe')} />
      <Field id="fp8Attention" hint={t('hint.fp8_attention')} />
      <Field id="fp8OutputProj" hint={t('hint.fp8_output_proj')} />
    </>
  );
}

/** What the memory model keeps as ranges unless the plan fixes them. */
export function OverheadFields() {
  const t = useT();
  return (
    <>
      <Field id="cudaContextGb" hint={t('hint.cuda_context_gb')} />
      <Field id="commBufferGb" hint={t('hint.comm_buffer_gb')} />
      <Field id="allocatorSlack" hint={t('hint.allocator_slack')} />
    </>
  );
}
