import { withMessages } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { AcceleratorFields } from './AcceleratorFields';
import { ArchitectureFields } from './ArchitectureFields';
import { Disclosure } from './Disclosure';
import { Field } from './Field';
import { Lazy } from './Lazy';
import { LazyNear } from './LazyNear';
import { PresetSelect } from './PresetSelect';

// The importer (and, through it, the full wasm module) loads only when someone opens it.
const loadHfConfigImport = () => import('./HfConfigImport').then((m) => m.HfConfigImport);
// The inputs below the layout's load with their messages when their place nears the viewport.
const loadRest = () =>
  withMessages(import('./MoreInputsRest'), import('virtual:messages/more')).then(
    (m) => m.MoreInputsRest,
  );

/**
 * Every input the question's path does not show, grouped as the article reasons: model, card,
 * method, layout, then training, time and serving. The path's inputs are left out here
 * (ShownInPath, set by PlanForm), so none is on the page twice.
 */
export function MoreInputs() {
  const app = useApp();
  const t = useT();
  const models = app.core.catalog.models.map((m) => ({ id: m.id, label: m.name }));
  return (
    <div class="more-inputs" data-testid="more-inputs">
      <fieldset>
        <legend>{t('ui.group_model')}</legend>
        <PresetSelect id="model" options={models} />
        <Field id="params" hint={t('hint.params')} />
        <Disclosure summary={t('hf.title')} testId="hf-import-group">
          {() => <Lazy load={loadHfConfigImport} />}
        </Disclosure>
        <ArchitectureFields />
      </fieldset>
      <fieldset>
        <legend>{t('ui.group_accelerator')}</legend>
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
      <LazyNear load={loadRest} testId="more-inputs-rest" />
    </div>
  );
}
