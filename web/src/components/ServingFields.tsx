import { Disclosure } from './Disclosure';
import { useT } from '../state/context';
import { Field } from './Field';

/** How the model is served: formats, batch and context, the engine's memory and efficiencies. */
export function ServingFields() {
  const t = useT();
  return (
    <fieldset data-testid="serving-inputs">
      <legend>{t('ui.group_serving')}</legend>
      <Field id="weights" />
      <Field id="weightBits" hint={t('hint.weight_bits')} />
      <Field id="embeddingFormat" />
      <Field id="kvDtype" />
      <Field id="batch" hint={t('hint.batch')} />
      <Field id="context" hint={t('hint.context')} />
      <Field id="promptTokens" />
      <Field id="targetConcurrency" hint={t('hint.target_concurrency')} />
      <Field id="inferTp" hint={t('hint.infer_tp')} />
      <Disclosure summary={t('ui.serving_engine')}>
        {() => (
          <>
            <Field id="gpuMemoryUtilization" hint={t('hint.gpu_memory_utilization')} />
            <Field id="runtimeReserveGb" />
            <Field id="prefillChunk" />
            <Field id="kvBlockTokens" />
            <Field id="decodeEfficiency" hint={t('hint.decode_efficiency')} />
            <Field id="prefillEfficiency" hint={t('hint.prefill_efficiency')} />
          </>
        )}
      </Disclosure>
    </fieldset>
  );
}
