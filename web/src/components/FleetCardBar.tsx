import type { FleetCard } from '../core/types';
import { withNaN } from '../core/unknown';
import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { BAR_HEIGHT as HEIGHT, BAR_WIDTH as WIDTH, stackParts } from './memory-stack';

/**
 * One card of the fleet as its engine fills it: weights, KV cache pool, profiled activations,
 * non-torch buffers, then what the engine keeps free (CUDA graphs and context live there).
 */
export function FleetCardBar({ card: sent }: { card: FleetCard }) {
  const card = withNaN(sent);
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const gb = (v: number) => t('ui.gb', { n: formatNumber(lang, v, 2) });
  const { rects } = stackParts(
    [
      { key: 'weights', value: card.weightsGb },
      { key: 'kv', value: card.kvCacheGb },
      { key: 'workspace', value: card.activationGb },
      { key: 'reserve', value: card.nonTorchGb + card.encoderGb },
      { key: 'free', value: card.reserveGb },
    ],
    (values) => Math.max(Number.isFinite(card.deviceGb) ? card.deviceGb : 0, ...values),
  );
  const label = t('ui.fleet_memory_title', { device: formatNumber(lang, card.deviceGb, 2) });
  return (
    <figure class="memory-bar" data-testid="fleet-card">
      <figcaption>{label}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 6}`} role="img" aria-label={label}>
        {rects.map((r) => (
          <rect key={r.key} class={`mem-${r.key}`} x={r.x} y="3" width={r.width} height={HEIGHT} />
        ))}
      </svg>
      <ul class="legend">
        {rects.map((r) => (
          <li key={r.key}>
            <span class={`swatch mem-${r.key}`} aria-hidden="true" />
            {t(`ui.fleet_mem_${r.key}`)} {gb(r.value)}
            {r.key === 'kv' &&
              ` (${t('ui.fleet_kv_tokens', { n: formatNumber(lang, card.kvTokens, 0) })})`}
          </li>
        ))}
      </ul>
    </figure>
  );
}
