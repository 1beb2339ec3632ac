import { Disclosure } from './Disclosure';
import { useT } from '../state/context';
import { Field } from './Field';

/** How the model is trained: recipe, framework, batch, recompute, sharding, overheads. */
export function TrainingFields() {
  const t = useT();
  return (
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
      <Disclosure summary={t('ui.more_parallelism')}>
        {() => (
          <>
            <Field id="cp" />
            <Field id="ep" />
            <Field id="etp" />
            <Field id="vpp" />
            <Field id="stageLayers" hint={t('hint.stage_layers')} />
          </>
        )}
      </Disclosure>
      <Disclosure summary={t('ui.overheads')}>
        {() => (
          <>
            <Field id="cudaContextGb" hint={t('hint.cuda_context_gb')} />
            <Field id="commBufferGb" />
            <Field id="allocatorSlack" hint={t('hint.allocator_slack')} />
          </>
        )}
      </Disclosure>
    </fieldset>
  );
}
