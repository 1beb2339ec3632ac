import { Disclosure } from './Disclosure';
import { useT } from '../state/context';
import { Field } from './Field';

/** How the model is trained: recipe, framework, batch, recompute, sharding, overheads. */
export function TrainingFields() {
  const t = useT();
  return (
    <>
      <fieldset>
        <legend>{t('ui.group_memory')}</legend>
        <Field id="recipe" hint={t('hint.recipe')} />
        <Field id="framework" />
        <Field id="microBatch" />
        <Field id="seqLen" />
        <Field id="globalBatch" hint={t('hint.global_batch')} />
        <Field id="recompute" />
        <Field id="zero" hint={t('hint.zero')} />
        <Field id="sequenceParallel" />
        <Field id="flashAttention" />
        <Field id="optimizer" />
        <Field id="headroom" hint={t('hint.headroom')} />
        <Disclosure summary={t('ui.more_parallelism')}>
          {() => (
            <>
              <Field id="cp" />
              <Field id="ep" />
              <Field id="etp" />
              <Field id="vpp" />
              <Field id="stageLayers" hint={t('hint.stage_layers')} />
              <Field id="prefetchBucket" hint={t('hint.prefetch_bucket')} />
            </>
          )}
        </Disclosure>
        <Disclosure summary={t('ui.offload_and_loss')}>
          {() => (
            <>
              <Field id="offload" hint={t('hint.offload')} />
              <Field id="activationOffload" />
              <Field id="hostLinkGbps" />
              <Field id="loss" />
            </>
          )}
        </Disclosure>
        <Disclosure summary={t('ui.overheads')}>
          {() => (
            <>
              <Field id="cudaContextGb" hint={t('hint.cuda_context_gb')} />
              <Field id="commBufferGb" hint={t('hint.comm_buffer_gb')} />
              <Field id="allocatorSlack" hint={t('hint.allocator_slack')} />
            </>
          )}
        </Disclosure>
      </fieldset>
      <FineTuneFields />
    </>
  );
}

/** Full fine-tuning, LoRA or QLoRA, and the adapters' rank, scaling and target modules. */
function FineTuneFields() {
  const t = useT();
  return (
    <fieldset data-testid="finetune-fields">
      <legend>{t('ui.group_finetune')}</legend>
      <Field id="finetune" hint={t('hint.finetune')} />
      <Field id="loraRank" />
      <Field id="loraAlpha" />
      <Field id="loraTargets" hint={t('hint.lora_targets')} />
    </fieldset>
  );
}
