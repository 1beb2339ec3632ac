import { useApp, useT } from '../state/context';
import { formatNumber } from '../i18n/i18n';
import { AcceleratorFields } from './AcceleratorFields';
import { Deferred } from './Deferred';
import { ArchitectureFields } from './ArchitectureFields';
import { Disclosure } from './Disclosure';
import { Lazy } from './Lazy';
import { PresetSelect } from './PresetSelect';
import { ServingFields } from './ServingFields';
import { Field } from './Field';
import { TimeFields } from './TimeFields';
import { TrainingFields } from './TrainingFields';

// The importer (and, through it, the full wasm module) loads only when someone opens it.
const loadHfConfigImport = () => import('./HfConfigImport').then((m) => m.HfConfigImport);

/** Every input of the plan, grouped as the article reasons: model, card, method, layout. */
export function PlanForm() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const { catalog } = app.core;
  const modelOptions = catalog.models.map((m) => ({ id: m.id, label: m.name }));
  const acceleratorOptions = catalog.accelerators.map((a) => ({
    id: a.id,
    label: `${a.name} · ${t('ui.gb', { n: formatNumber(lang, a.memoryGb) })}`,
    group: a.vendor,
  }));
  return (
    <form class="plan-form" onSubmit={(e) => e.preventDefault()} aria-labelledby="inputs-title">
      <h2 id="inputs-title">{t('ui.inputs')}</h2>
      <fieldset>
        <legend>{t('ui.group_model')}</legend>
        <PresetSelect id="model" options={modelOptions} />
        <Field id="params" hint={t('hint.params')} />
        <Disclosure summary={t('hf.title')} testId="hf-import-group">
          {() => <Lazy load={loadHfConfigImport} />}
        </Disclosure>
        <ArchitectureFields />
      </fieldset>
      <fieldset>
        <legend>{t('ui.group_accelerator')}</legend>
        <PresetSelect id="accelerator" options={acceleratorOptions} />
        <Field id="cardMemoryGb" />
        <Field id="gpusPerNode" />
        <AcceleratorFields />
      </fieldset>
      <fieldset>
        <legend>{t('ui.group_method')}</legend>
        <Field id="bytesPerParam" hint={t('hint.bytes_per_param')} />
        <Field id="safetyFactor" hint={t('hint.safety_factor')} />
      </fieldset>
      <fieldset>
        <legend>{t('ui.group_layout')}</legend>
        <Field id="tp" hint={t('hint.tp')} />
        <Field id="pp" hint={t('hint.pp')} />
        <Field id="clusterGpus" hint={t('hint.cluster_gpus')} />
        <Field id="dp" hint={t('hint.dp')} />
      </fieldset>
      <Deferred order={2} placeholder={false}>
        <TrainingFields />
        <TimeFields />
        <fieldset>
          <legend>{t('ui.group_inference')}</legend>
          <Field id="weightBytesPerParam" hint={t('hint.weight_bytes_per_param')} />
        </fieldset>
        <ServingFields />
      </Deferred>
      <button type="button" class="secondary" onClick={() => app.reset()} data-testid="reset">
        {t('ui.reset')}
      </button>
    </form>
  );
}
