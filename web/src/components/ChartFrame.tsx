import type { ComponentChildren } from 'preact';

// The frame the serving charts share (ConcurrencyCurve, LatencyCurve): a 600 × 220 SVG, its two
// axes, horizontal grid lines with their values, the x values and both axis titles.

export const CHART_WIDTH = 600;
export const CHART_HEIGHT = 220;

export interface ChartBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
  innerW: number;
  innerH: number;
}

/** The plotting area inside the frame for a y-axis gutter of `left` units. */
export function chartBox(left: number): ChartBox {
  const pad = { left, right: 12, top: 10, bottom: 34 };
  return {
    ...pad,
    innerW: CHART_WIDTH - pad.left - pad.right,
    innerH: CHART_HEIGHT - pad.top - pad.bottom,
  };
}

export function ChartFrame({
  box,
  label,
  x,
  y,
  xTicks,
  yTicks,
  xText,
  yText,
  xTitle,
  yTitle,
  children,
}: {
  box: ChartBox;
  label: string;
  x: (v: number) => number;
  y: (v: number) => number;
  xTicks: number[];
  yTicks: number[];
  xText: (v: number) => string;
  yText: (v: number) => string;
  xTitle: string;
  yTitle: string;
  children: ComponentChildren;
}) {
  const bottom = box.top + box.innerH;
  const middle = box.top + box.innerH / 2;
  return (
    <svg viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`} role="img" aria-label={label}>
      <line class="axis" x1={box.left} x2={CHART_WIDTH - box.right} y1={bottom} y2={bottom} />
      <line class="axis" x1={box.left} x2={box.left} y1={box.top} y2={bottom} />
      {yTicks.map((v) => (
        <g key={`y${v}`}>
          <line class="grid" x1={box.left} x2={CHART_WIDTH - box.right} y1={y(v)} y2={y(v)} />
          <text class="tick" x={box.left - 6} y={y(v) + 4} text-anchor="end">
            {yText(v)}
          </text>
        </g>
      ))}
      {xTicks.map((v) => (
        <text key={`x${v}`} class="tick" x={x(v)} y={bottom + 16} text-anchor="middle">
          {xText(v)}
        </text>
      ))}
      {children}
      <text
        class="axis-label"
        x={box.left + box.innerW / 2}
        y={CHART_HEIGHT - 4}
        text-anchor="middle"
      >
        {xTitle}
      </text>
      <text
        class="axis-label"
        x="12"
        y={middle}
        text-anchor="middle"
        transform={`rotate(-90 12 ${middle})`}
      >
        {yTitle}
      </text>
    </svg>
  );
}
