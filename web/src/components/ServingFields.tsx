import { withMessages } from '../i18n/i18n';
import { useT } from '../state/context';
import { Disclosure } from './Disclosure';
import { Field } from './Field';
import { Lazy } from './Lazy';

// The inputs behind the closed summaries, with their hints, load when one is opened.
const extras = () => withMessages(import('./ServingExtras'), import('virtual:messages/inputs'));
const loadLayout = () => extras().then((m) => m.ServingLayoutFields);
const loadEngine = () => extras().then((m) => m.ServingEngineFields);
const loadWhatIfs = () => extras().then((m) => m.ServingWhatIfFields);

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
        {() => <Lazy load={loadLayout} />}
      </Disclosure>
      <Disclosure summary={t('ui.serving_engine')}>{() => <Lazy load={loadEngine} />}</Disclosure>
      <Disclosure summary={t('ui.serving_what_ifs')}>
        {() => <Lazy load={loadWhatIfs} />}
      </Disclosure>
    </fieldset>
  );
}
