import type { LayoutCandidate } from '../core/types';
import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { GridLines } from './GridLines';
import { niceTicks } from './nice-ticks';
import { layoutExtras } from './layout-extras';
import { withNaN, type WithNaN } from '../core/unknown';

const WIDTH = 640;
const HEIGHT = 240;
const LEFT = 52;
const BOTTOM = 34;
const TOP = 26; // room for the y axis's unit above its highest tick
const RIGHT = 12;

/** The search's front: fewest GPUs for each time to train (or per-token time), best marked. */
export function ParetoChart({
  points: sentPoints,
  best: sentBest,
}: {
  points: LayoutCandidate[];
  best: LayoutCandidate;
}) {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const points = sentPoints.map(withNaN);
  const best = withNaN(sentBest);
  const hasDays = points.every((p) => Number.isFinite(p.days ?? NaN));
  const yOf = (p: WithNaN<LayoutCandidate>) => (hasDays ? p.days : 1e6 / p.tokensPerS);
  const xs = points.map((p) => p.gpus);
  const ys = points.map(yOf);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const yTicks = niceTicks(Math.max(...ys) * 1.05);
  const [y0, y1] = [0, yTicks[yTicks.length - 1]];
  const sx = (x: number) => LEFT + ((x - x0) / Math.max(1, x1 - x0)) * (WIDTH - LEFT - RIGHT);
  const sy = (y: number) =>
    TOP + (1 - (y - y0) / Math.max(1e-9, y1 - y0)) * (HEIGHT - TOP - BOTTOM);
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${sx(p.gpus)},${sy(yOf(p))}`).join(' ');
  const xTicks = [0, 0.5, 1].map((f) => Math.round(x0 + (x1 - x0) * f));
  return (
    <figure class="chart pareto">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="pareto-title"
        data-testid="pareto-chart"
      >
        <title id="pareto-title">{t('ui.pareto_title')}</title>
        <GridLines
          values={yTicks}
          y={sy}
          x1={LEFT}
          x2={WIDTH - RIGHT}
          label={(y) => formatNumber(lang, y, 1)}
        />
        {xTicks.map((x) => (
          <text key={x} x={sx(x)} y={HEIGHT - 18} text-anchor="middle">
            {formatNumber(lang, x, 0)}
          </text>
        ))}
        <text x={(LEFT + WIDTH) / 2} y={HEIGHT - 3} text-anchor="middle">
          {t('cli.col_gpus')}
        </text>
        <text x={4} y={TOP - 12}>
          {hasDays ? t('unit.days') : t('ui.s_per_million_tokens')}
        </text>
        <path class="front" d={path} />
        {points.map((p, i) => (
          <circle key={i} class="point" cx={sx(p.gpus)} cy={sy(yOf(p))} r={3}>
            <title>
              {`(${p.tp}, ${p.pp}, ${p.dp})${layoutExtras(p) ? ` ${layoutExtras(p)}` : ''} · ${formatNumber(lang, p.gpus, 0)} · ${formatNumber(lang, yOf(p), 2)}`}
            </title>
          </circle>
        ))}
        {best.gpus >= x0 && best.gpus <= x1 && (
          <circle class="best" cx={sx(best.gpus)} cy={sy(yOf(best))} r={6} />
        )}
      </svg>
    </figure>
  );
}
