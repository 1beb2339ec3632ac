import { useApp, useT } from '../state/context';
import { formatNumber } from '../i18n/i18n';
import { AcceleratorFields } from './AcceleratorFields';
import { Deferred } from './Deferred';
import { ArchitectureFields } from './ArchitectureFields';
import { Disclosure } from './Disclosure';
import { Lazy } from './Lazy';
import { PresetSelect } from './PresetSelect';
import { ServingFields } from './ServingFields';
import { TextField } from './TextField';
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
  const report = app.report.value;
  const setup = report.setup;
  const training = report.articleTraining;
  const auto = (value: number | null | undefined) =>
    t('ui.auto', { value: formatNumber(lang, value, 4) });
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
        <TextField id="params" placeholder={auto(setup.params)} hint={t('hint.params')} />
        <Disclosure summary={t('hf.title')} testId="hf-import-group">
          {() => <Lazy load={loadHfConfigImport} />}
        </Disclosure>
        <ArchitectureFields />
      </fieldset>
      <fieldset>
        <legend>{t('ui.group_accelerator')}</legend>
        <PresetSelect id="accelerator" options={acceleratorOptions} />
        <TextField id="cardMemoryGb" placeholder={auto(setup.cardMemoryGb)} />
        <TextField id="gpusPerNode" placeholder={auto(setup.gpusPerNode)} />
        <AcceleratorFields />
      </fieldset>
      <fieldset>
        <legend>{t('ui.group_method')}</legend>
        <TextField
          id="bytesPerParam"
          placeholder={auto(setup.bytesPerParam)}
          hint={t('hint.bytes_per_param')}
        />
        <TextField id="safetyFactor" hint={t('hint.safety_factor')} />
      </fieldset>
      <fieldset>
        <legend>{t('ui.group_layout')}</legend>
        <TextField id="tp" placeholder={auto(training.tp)} hint={t('hint.tp')} />
        <TextField id="pp" placeholder={auto(training.ppMin)} hint={t('hint.pp')} />
        <TextField id="clusterGpus" hint={t('hint.cluster_gpus')} />
        <TextField id="dp" placeholder={auto(training.dp)} hint={t('hint.dp')} />
      </fieldset>
      <Deferred order={2} placeholder={false}>
        <TrainingFields />
        <TimeFields />
        <fieldset>
          <legend>{t('ui.group_inference')}</legend>
          <TextField id="weightBytesPerParam" hint={t('hint.weight_bytes_per_param')} />
        </fieldset>
        <ServingFields />
      </Deferred>
      <button type="button" class="secondary" onClick={() => app.reset()} data-testid="reset">
        {t('ui.reset')}
      </button>
    </form>
  );
}
