import { withMessages } from '../i18n/i18n';
import { useT } from '../state/context';
import { Disclosure } from './Disclosure';
import { Field } from './Field';
import { Lazy } from './Lazy';

// The inputs behind the closed summaries, with their hints, load when one is opened.
const extras = () => withMessages(import('./TrainingExtras'), import('virtual:messages/inputs'));
const loadParallelism = () => extras().then((m) => m.ParallelismFields);
const loadOffload = () => extras().then((m) => m.OffloadFields);
const loadOverheads = () => extras().then((m) => m.OverheadFields);

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
        <Field id="recomputeModules" hint={t('hint.recompute_modules')} />
        <Field id="zero" hint={t('hint.zero')} />
        <Field id="sequenceParallel" />
        <Field id="flashAttention" />
        <Field id="optimizer" />
        <Field id="headroom" hint={t('hint.headroom')} />
        <Disclosure summary={t('ui.more_parallelism')}>
          {() => <Lazy load={loadParallelism} />}
        </Disclosure>
        <Disclosure summary={t('ui.offload_and_loss')}>
          {() => <Lazy load={loadOffload} />}
        </Disclosure>
        <Disclosure summary={t('ui.overheads')}>{() => <Lazy load={loadOverheads} />}</Disclosure>
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
