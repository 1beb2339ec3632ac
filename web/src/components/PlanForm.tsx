import { useApp, useT } from '../state/context';
import { formatNumber } from '../i18n/i18n';
import { ChoiceField } from './ChoiceField';
import { PresetSelect } from './PresetSelect';
import { TextField } from './TextField';

/** Every input of the plan, grouped as the article reasons: model, card, method, layout. */
export function PlanForm() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const { catalog } = app.core;
  const report = app.report.value;
  const setup = report.setup;
  const training = report.articleTraining;
  const serving = report.inference;
  const auto = (value: number | undefined) => t('ui.auto', { value: formatNumber(lang, value, 4) });
  const modelOptions = catalog.models.map((m) => ({ id: m.id, label: m.name }));
  const acceleratorOptions = catalog.accelerators.map((a) => ({
    id: a.id,
    label: `${a.name} · ${formatNumber(lang, a.memoryGb)} GB`,
    group: a.vendor,
  }));
  return (
    <form class="plan-form" onSubmit={(e) => e.preventDefault()} aria-labelledby="inputs-title">
      <h2 id="inputs-title">{t('ui.inputs')}</h2>
      <fieldset>
        <legend>{t('ui.group_model')}</legend>
        <PresetSelect id="model" options={modelOptions} />
        <TextField id="params" placeholder={auto(setup.params)} hint={t('hint.params')} />
      </fieldset>
      <fieldset>
        <legend>{t('ui.group_accelerator')}</legend>
        <PresetSelect id="accelerator" options={acceleratorOptions} />
        <TextField id="cardMemoryGb" placeholder={auto(setup.cardMemoryGb)} />
        <TextField id="gpusPerNode" placeholder={auto(setup.gpusPerNode)} />
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
      <fieldset>
        <legend>{t('ui.group_inference')}</legend>
        <TextField id="weightBytesPerParam" hint={t('hint.weight_bytes_per_param')} />
      </fieldset>
      <fieldset data-testid="serving-inputs">
        <legend>{t('ui.group_serving')}</legend>
        <ChoiceField
          id="weights"
          auto={serving.settings.weights || 'bf16'}
          labels="choice.weights"
        />
        <TextField
          id="weightBits"
          placeholder={auto(serving.settings.weightBits)}
          hint={t('hint.weight_bits')}
        />
        <ChoiceField
          id="embeddingFormat"
          auto={serving.settings.embeddingFormat || 'bf16'}
          labels="choice.weights"
        />
        <ChoiceField id="kvDtype" auto={serving.settings.kvDtype || 'bf16'} />
        <TextField id="batch" placeholder={auto(serving.settings.batch)} hint={t('hint.batch')} />
        <TextField
          id="context"
          placeholder={auto(serving.settings.context)}
          hint={t('hint.context')}
        />
        <TextField id="promptTokens" placeholder={auto(serving.settings.promptTokens)} />
        <TextField
          id="targetConcurrency"
          placeholder={auto(serving.settings.targetConcurrency)}
          hint={t('hint.target_concurrency')}
        />
        <TextField id="inferTp" placeholder={auto(serving.tp)} hint={t('hint.infer_tp')} />
        <TextField
          id="gpuMemoryUtilization"
          placeholder={auto(serving.settings.gpuMemoryUtilization)}
          hint={t('hint.gpu_memory_utilization')}
        />
        <TextField id="runtimeReserveGb" placeholder={auto(serving.settings.runtimeReserveGb)} />
        <TextField id="prefillChunk" placeholder={auto(serving.settings.prefillChunk)} />
        <TextField id="kvBlockTokens" placeholder={auto(serving.settings.kvBlockTokens)} />
        <TextField
          id="decodeEfficiency"
          placeholder={auto(serving.settings.decodeEfficiency)}
          hint={t('hint.decode_efficiency')}
        />
        <TextField
          id="prefillEfficiency"
          placeholder={auto(serving.settings.prefillEfficiency)}
          hint={t('hint.prefill_efficiency')}
        />
      </fieldset>
      <button type="button" class="secondary" onClick={() => app.reset()} data-testid="reset">
        {t('ui.reset')}
      </button>
    </form>
  );
}
