import type { InferencePerCard } from '../core/types';
import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';

const WIDTH = 600;
const HEIGHT = 28;

/** One card's memory as a stacked bar: weights, KV cache, workspace, reserve, then what is free. */
export function MemoryBar({ card }: { card: InferencePerCard }) {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const gb = (v: number | null) => t('ui.gb', { n: formatNumber(lang, v, 2) });
  // Sizes the core does not know (null) draw as nothing.
  const parts = [
    { key: 'weights', value: card.weightsGb },
    { key: 'kv', value: card.kvCacheGb },
    { key: 'workspace', value: card.workspaceGb },
    { key: 'reserve', value: card.reserveGb },
  ].map((p) => ({ ...p, value: Math.max(0, p.value ?? 0) }));
  const over = (card.freeGb ?? 0) < 0;
  // The scale holds the whole card, or everything asked for when that is more.
  const scale = Math.max(card.cardMemoryGb ?? 0, card.totalGb ?? 0) || 1;
  const x = (gbValue: number) => (gbValue / scale) * WIDTH;
  let offset = 0;
  const rects = parts.map((p) => {
    const rect = { ...p, x: x(offset), width: x(p.value) };
    offset += p.value;
    return rect;
  });
  const usableX = x(card.usableGb ?? 0);
  const label = t('ui.memory_usable', {
    usable: formatNumber(lang, card.usableGb, 2),
    card: formatNumber(lang, card.cardMemoryGb, 2),
  });
  return (
    <figure class="memory-bar" data-testid="memory-bar">
      <figcaption>
        {t('ui.serving_memory_title')} · {label}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 6}`}
        role="img"
        aria-label={`${t('ui.serving_memory_title')}: ${gb(card.totalGb)}, ${label}`}
      >
        <rect class="mem-card" x="0" y="3" width={x(card.cardMemoryGb ?? 0)} height={HEIGHT} />
        {rects.map((r) => (
          <rect key={r.key} class={`mem-${r.key}`} x={r.x} y="3" width={r.width} height={HEIGHT} />
        ))}
        <line
          class={over ? 'mem-limit over' : 'mem-limit'}
          x1={usableX}
          x2={usableX}
          y1="0"
          y2={HEIGHT + 6}
        />
      </svg>
      <ul class="legend">
        {rects.map((r) => (
          <li key={r.key}>
            <span class={`swatch mem-${r.key}`} aria-hidden="true" />
            {t(`ui.memory_${r.key}`)} {gb(r.value)}
          </li>
        ))}
        <li data-testid="memory-free" class={over ? 'over' : ''}>
          <span class="swatch mem-free" aria-hidden="true" />
          {over ? t('ui.memory_over') : t('ui.memory_free')} {gb(Math.abs(card.freeGb ?? 0))}
        </li>
      </ul>
    </figure>
  );
}
