import type { InferencePerCard } from '../core/types';
import { withNaN } from '../core/unknown';
import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { BAR_HEIGHT as HEIGHT, BAR_WIDTH as WIDTH, stackParts } from './memory-stack';

/** One card's memory as a stacked bar: weights, KV cache, workspace, reserve, then what is free. */
export function MemoryBar({ card: sent }: { card: InferencePerCard }) {
  const card = withNaN(sent);
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const gb = (v: number) => t('ui.gb', { n: formatNumber(lang, v, 2) });
  const { rects, x } = stackParts(
    [
      { key: 'weights', value: card.weightsGb },
      { key: 'kv', value: card.kvCacheGb },
      { key: 'workspace', value: card.workspaceGb },
      { key: 'reserve', value: card.reserveGb },
    ],
    // The scale holds the whole card, or everything asked for when that is more.
    () => Math.max(0, ...[card.cardMemoryGb, card.totalGb].filter(Number.isFinite)),
  );
  const over = card.freeGb < 0;
  // Sizes the core does not know (NaN) draw as nothing.
  const at = (gbValue: number) => (Number.isFinite(gbValue) ? x(gbValue) : 0);
  const usableX = at(card.usableGb);
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
        <rect class="mem-card" x="0" y="3" width={at(card.cardMemoryGb)} height={HEIGHT} />
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
          {over ? t('ui.memory_over') : t('ui.memory_free')} {gb(Math.abs(card.freeGb))}
        </li>
      </ul>
    </figure>
  );
}
