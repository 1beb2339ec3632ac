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
          <Field id="bf16Tflops" auto={s.bf16Tflops} />
          <Field id="fp8Tflops" auto={s.fp8Tflops} />
          <Field id="hbmBandwidthTbps" auto={s.hbmBandwidthTbps} />
          <Field id="intraNodeBandwidthGbps" auto={s.intraNodeBandwidthGbps} />
          <Field id="interNodeBandwidthGbps" auto={s.interNodeBandwidthGbps} />
          <Field id="powerW" auto={s.powerW} />
          <Field id="pricePerGpuHour" auto={s.pricePerGpuHour} />
        </>
      )}
    </Disclosure>
  );
}
