import type { StageReport } from '../core/types';
import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { GridLines } from './GridLines';
import { MEMORY_PARTS } from './memory-parts';
import { niceTicks } from './nice-ticks';

const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 44;
const BOTTOM = 24;
const TOP = 8;

/**
 * Memory per card of every pipeline stage, stacked by kind (the point), with the range's high end
 * as a whisker above each bar, against the card's memory and the headroom a "fit" may use.
 */
export function StageMemoryChart({
  stages,
  cardGb,
  headroomGb,
}: {
  stages: StageReport[];
  cardGb: number | null;
  headroomGb: number | null;
}) {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  // Sizes the core does not know (null) draw as nothing.
  const ticks = niceTicks(
    Math.max(cardGb ?? 0, ...stages.map((s) => Math.max(s.totalGb ?? 0, s.highGb ?? 0))) * 1.05,
  );
  const maxGb = ticks[ticks.length - 1];
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const y = (gb: number) => TOP + plotHeight * (1 - gb / maxGb);
  const slot = (WIDTH - LEFT) / stages.length;
  const barWidth = Math.max(2, Math.min(48, slot * 0.7));
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
            <g
              key={stage.stage}
              class={
                stage.verdict === 'fits'
                  ? 'bar'
                  : stage.verdict === 'tight'
                    ? 'bar tight'
                    : 'bar over'
              }
            >
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
              {stage.totalGb != null && stage.highGb != null && (
                <line
                  class="range-whisker"
                  x1={x + barWidth / 2}
                  x2={x + barWidth / 2}
                  y1={y(stage.totalGb)}
                  y2={y(stage.highGb)}
                >
                  <title>
                    {`${t('cli.col_stage')} ${(stage.stage ?? 0) + 1} · ${t('ui.range_high')}: ${t('ui.gb', { n: formatNumber(lang, stage.highGb, 2) })}`}
                  </title>
                </line>
              )}
              {i % labelEvery === 0 && (
                <text x={x + barWidth / 2} y={HEIGHT - 8} text-anchor="middle">
                  {(stage.stage ?? 0) + 1}
                </text>
              )}
            </g>
          );
        })}
        <line class="card-line" x1={LEFT} x2={WIDTH} y1={y(cardGb ?? 0)} y2={y(cardGb ?? 0)} />
        {headroomGb != null && Number.isFinite(headroomGb) && (
          <line class="headroom-line" x1={LEFT} x2={WIDTH} y1={y(headroomGb)} y2={y(headroomGb)} />
        )}
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
        <span>
          <i class="swatch part-range" aria-hidden="true" />
          {t('ui.range_high')}
        </span>
        <span>
          <i class="swatch headroom-swatch" aria-hidden="true" />
          {t('ui.headroom_line', { gb: formatNumber(lang, headroomGb, 0) })}
        </span>
      </figcaption>
    </figure>
  );
}
