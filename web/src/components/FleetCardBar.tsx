import type { FleetCard } from '../core/types';
import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';

const WIDTH = 600;
const HEIGHT = 28;

/**
 * One card of the fleet as its engine fills it: weights, KV cache pool, profiled activations,
 * non-torch buffers, then what the engine keeps free (CUDA graphs and context live there).
 */
export function FleetCardBar({ card }: { card: FleetCard }) {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const gb = (v: number) => t('ui.gb', { n: formatNumber(lang, v, 2) });
  const parts = [
    { key: 'weights', value: card.weightsGb },
    { key: 'kv', value: card.kvCacheGb },
    { key: 'workspace', value: card.activationGb },
    { key: 'reserve', value: card.nonTorchGb + card.encoderGb },
    { key: 'free', value: card.reserveGb },
  ].map((p) => ({ ...p, value: Number.isFinite(p.value) ? Math.max(0, p.value) : 0 }));
  const scale = Math.max(card.deviceGb, ...parts.map((p) => p.value)) || 1;
  const x = (v: number) => (v / scale) * WIDTH;
  let offset = 0;
  const rects = parts.map((p) => {
    const rect = { ...p, x: x(offset), width: x(p.value) };
    offset += p.value;
    return rect;
  });
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
