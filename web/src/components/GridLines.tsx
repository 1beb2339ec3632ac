/** Horizontal grid lines of an SVG chart, each labelled at its left end. */
export function GridLines({
  values,
  y,
  x1,
  x2,
  label,
}: {
  values: number[];
  /** the value's y coordinate in the chart */
  y: (value: number) => number;
  x1: number;
  x2: number;
  label: (value: number) => string;
}) {
  return (
    <>
      {values.map((v) => (
        <g key={v} class="tick">
          <line x1={x1} x2={x2} y1={y(v)} y2={y(v)} />
          <text x={x1 - 4} y={y(v) + 4} text-anchor="end">
            {label(v)}
          </text>
        </g>
      ))}
    </>
  );
}
