import { Disclosure } from './Disclosure';
import { useApp, useT } from '../state/context';
import { Field } from './Field';

/** How the model is served: formats, batch and context, the engine's memory and efficiencies. */
export function ServingFields() {
  const app = useApp();
  const t = useT();
  const inf = app.report.value.inference;
  const s = inf.settings;
  const n = (v: number | null) => (inf.available ? v : undefined);
  const id = (v: string, fallback: string) => (inf.available && v ? v : fallback);
  return (
    <fieldset data-testid="serving-inputs">
      <legend>{t('ui.group_serving')}</legend>
      <Field id="weights" auto={id(s.weights, 'bf16')} />
      <Field id="weightBits" auto={n(s.weightBits)} hint={t('hint.weight_bits')} />
      <Field id="embeddingFormat" auto={id(s.embeddingFormat, 'bf16')} />
      <Field id="kvDtype" auto={id(s.kvDtype, 'bf16')} />
      <Field id="batch" auto={n(s.batch)} hint={t('hint.batch')} />
      <Field id="context" auto={n(s.context)} hint={t('hint.context')} />
      <Field id="promptTokens" auto={n(s.promptTokens)} />
      <Field
        id="targetConcurrency"
        auto={n(s.targetConcurrency)}
        hint={t('hint.target_concurrency')}
      />
      <Field id="inferTp" auto={n(inf.tp)} hint={t('hint.infer_tp')} />
      <Disclosure summary={t('ui.serving_engine')}>
        {() => (
          <>
            <Field
              id="gpuMemoryUtilization"
              auto={n(s.gpuMemoryUtilization)}
              hint={t('hint.gpu_memory_utilization')}
            />
            <Field id="runtimeReserveGb" auto={n(s.runtimeReserveGb)} />
            <Field id="prefillChunk" auto={n(s.prefillChunk)} />
            <Field id="kvBlockTokens" auto={n(s.kvBlockTokens)} />
            <Field
              id="decodeEfficiency"
              auto={n(s.decodeEfficiency)}
              hint={t('hint.decode_efficiency')}
            />
            <Field
              id="prefillEfficiency"
              auto={n(s.prefillEfficiency)}
              hint={t('hint.prefill_efficiency')}
            />
          </>
        )}
      </Disclosure>
    </fieldset>
  );
}
