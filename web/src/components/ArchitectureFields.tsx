import type { PlanTexts } from '../core/types';
import { Disclosure } from './Disclosure';
import { useT } from '../state/context';
import { Field } from './Field';

/** The model's architecture: every value overrides the preset's (shown as the placeholder). */
export function ArchitectureFields() {
  const t = useT();
  const f = (id: keyof PlanTexts) => <Field key={id} id={id} />;
  return (
    <Disclosure summary={t('ui.architecture')} testId="architecture-fields">
      {() => (
        <>
          <Field id="modelName" />
          {f('layers')}
          {f('hidden')}
          {f('heads')}
          {f('kvHeads')}
          {f('headDim')}
          {f('ffn')}
          {f('ffnKind')}
          {f('vocab')}
          {f('tiedEmbeddings')}
          {f('positions')}
          {f('maxPositions')}
          {f('qkvBias')}
          {f('linearBias')}
          {f('norm')}
          {f('layerNorms')}
          {f('qkNorm')}
          {f('qkNormFull')}
          {f('gluClamp')}
          {f('dropout')}
          <p class="subhead">{t('ui.moe')}</p>
          {f('moeExperts')}
          {f('moeTopK')}
          {f('moeSharedExperts')}
          {f('moeFfn')}
          {f('moeDenseLayers')}
          {f('moeLayerPeriod')}
          {f('moeRouterGroups')}
          {f('moeRouterGroupTopk')}
          <p class="subhead">{t('ui.mla')}</p>
          {f('qLoraRank')}
          {f('kvLoraRank')}
          {f('qkNopeDim')}
          {f('qkRopeDim')}
          {f('vHeadDim')}
          {f('slidingWindow')}
          {f('slidingWindowLayers')}
        </>
      )}
    </Disclosure>
  );
}
