/**
 * A linear axis's ticks from 0 to the first at or above `max`, in round steps (1, 2 or 5 × a
 * power of ten), about four of them; [0, 1] when there is nothing to scale.
 */
export function niceTicks(max: number): number[] {
  if (!(max > 0 && max < Infinity)) return [0, 1];
  const power = 10 ** Math.floor(Math.log10(max / 4));
  const step = power * ([1, 2, 5].find((m) => m * power >= max / 4) ?? 10);
  const ticks = [0];
  while (ticks[ticks.length - 1] < max - step * 1e-9) ticks.push(ticks.length * step);
  return ticks;
}
