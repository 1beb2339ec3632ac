import { Disclosure } from './Disclosure';
import { useApp, useT } from '../state/context';
import { Field } from './Field';

/** How the model is trained: recipe, framework, batch, recompute, sharding, overheads. */
export function TrainingFields() {
  const app = useApp();
  const t = useT();
  const s = app.report.value.training.settings;
  const available = app.report.value.training.available;
  const n = (v: number | null) => (available ? v : undefined);
  return (
    <fieldset>
      <legend>{t('ui.group_memory')}</legend>
      <Field id="recipe" auto="seed12" hint={t('hint.recipe')} />
      <Field id="framework" auto="megatron" />
      <Field id="microBatch" auto={n(s.microBatch) ?? 1} />
      <Field id="seqLen" auto={n(s.seqLen)} />
      <Field id="globalBatch" hint={t('hint.global_batch')} />
      <Field id="recompute" auto="selective" />
      <Field id="zero" auto={0} hint={t('hint.zero')} />
      <Field id="sequenceParallel" auto={available ? s.sequenceParallel : undefined} />
      <Field id="flashAttention" auto={true} />
      <Disclosure summary={t('ui.more_parallelism')}>
        {() => (
          <>
            <Field id="cp" auto={1} />
            <Field id="ep" auto={1} />
            <Field id="etp" auto={n(s.etp)} />
            <Field id="vpp" auto={1} />
            <Field id="stageLayers" hint={t('hint.stage_layers')} />
          </>
        )}
      </Disclosure>
      <Disclosure summary={t('ui.overheads')}>
        {() => (
          <>
            <Field id="cudaContextGb" auto={n(s.cudaContextGb)} hint={t('hint.cuda_context_gb')} />
            <Field id="commBufferGb" auto={n(s.commBufferGb)} />
            <Field
              id="allocatorSlack"
              auto={n(s.allocatorSlack)}
              hint={t('hint.allocator_slack')}
            />
          </>
        )}
      </Disclosure>
    </fieldset>
  );
}
