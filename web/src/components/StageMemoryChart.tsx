import type { StageReport } from '../core/types';
import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { GridLines } from './GridLines';
import { MEMORY_PARTS } from './memory-parts';

const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 44;
const BOTTOM = 24;
const TOP = 8;

/** Memory per card of every pipeline stage, stacked by kind, against the card's memory. */
export function StageMemoryChart({
  stages,
  cardGb,
}: {
  stages: StageReport[];
  cardGb: number | null;
}) {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  // Sizes the core does not know (null) draw as nothing.
  const maxGb = Math.max(cardGb ?? 0, ...stages.map((s) => s.totalGb ?? 0)) * 1.05;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const y = (gb: number) => TOP + plotHeight * (1 - gb / maxGb);
  const slot = (WIDTH - LEFT) / stages.length;
  const barWidth = Math.max(2, Math.min(48, slot * 0.7));
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(maxGb * f));
  const labelEvery = Math.ceil(stages.length / 16);
  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="stage-chart-title"
        data-testid="stage-chart"
      >
        <title id="stage-chart-title">{t('ui.stage_chart_title')}</title>
        <GridLines
          values={ticks}
          y={y}
          x1={LEFT}
          x2={WIDTH}
          label={(gb) => formatNumber(lang, gb, 0)}
        />
        {stages.map((stage, i) => {
          let base = 0;
          const x = LEFT + i * slot + (slot - barWidth) / 2;
          return (
            <g key={stage.stage} class={stage.fits ? 'bar' : 'bar over'}>
              {MEMORY_PARTS.map((part) => {
                const sent = stage[part.key];
                const gb = sent ?? 0;
                const rect = (
                  <rect
                    key={part.key}
                    class={part.css}
                    x={x}
                    width={barWidth}
                    y={y(base + gb)}
                    height={Math.max(0, y(base) - y(base + gb))}
                  >
                    <title>
                      {`${t('cli.col_stage')} ${(stage.stage ?? 0) + 1} · ${t(part.label)}: ${t('ui.gb', { n: formatNumber(lang, sent, 2) })}`}
                    </title>
                  </rect>
                );
                base += gb;
                return rect;
              })}
              {i % labelEvery === 0 && (
                <text x={x + barWidth / 2} y={HEIGHT - 8} text-anchor="middle">
                  {(stage.stage ?? 0) + 1}
                </text>
              )}
            </g>
          );
        })}
        <line class="card-line" x1={LEFT} x2={WIDTH} y1={y(cardGb ?? 0)} y2={y(cardGb ?? 0)} />
        <text class="card-label" x={WIDTH - 4} y={y(cardGb ?? 0) - 4} text-anchor="end">
          {t('ui.card_line', { gb: formatNumber(lang, cardGb, 0) })}
        </text>
      </svg>
      <figcaption class="legend">
        {MEMORY_PARTS.map((part) => (
          <span key={part.key}>
            <i class={`swatch ${part.css}`} aria-hidden="true" />
            {t(part.label)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
