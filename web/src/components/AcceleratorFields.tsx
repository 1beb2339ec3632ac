import { Disclosure } from './Disclosure';
import { useApp, useT } from '../state/context';
import { Field } from './Field';

/** An accelerator's figures beyond memory; each overrides the preset's (unknown stays empty). */
export function AcceleratorFields() {
  const app = useApp();
  const t = useT();
  const s = app.report.value.setup;
  return (
    <Disclosure summary={t('ui.accelerator_details')}>
      {() => (
        <>
          <p class="hint">
            {t('ui.confidence', { value: s.acceleratorConfidence || t('ui.custom_accelerator') })}
          </p>
          <Field id="acceleratorName" />
          <Field id="bf16Tflops" />
          <Field id="fp8Tflops" />
          <Field id="hbmBandwidthTbps" />
          <Field id="nvlinkDomainGpus" />
          <Field id="intraNodeBandwidthGbps" />
          <Field id="interNodeBandwidthGbps" />
          <Field id="powerW" />
          <Field id="pricePerGpuHour" />
        </>
      )}
    </Disclosure>
  );
}
