// The stacked memory bars of one card (MemoryBar, FleetCardBar): each part laid end to end on a
// 600-unit scale, unknown or negative parts drawn as nothing.

export const BAR_WIDTH = 600;
export const BAR_HEIGHT = 28;

export interface StackedPart {
  key: string;
  value: number;
  x: number;
  width: number;
}

/** `parts` in GB placed along the bar; `scale(values)` gives the GB the whole bar stands for. */
export function stackParts(
  parts: { key: string; value: number }[],
  scale: (values: number[]) => number,
): { rects: StackedPart[]; x: (gb: number) => number } {
  const clean = parts.map((p) => ({
    ...p,
    value: Number.isFinite(p.value) ? Math.max(0, p.value) : 0,
  }));
  const full = scale(clean.map((p) => p.value)) || 1;
  const x = (gb: number) => (gb / full) * BAR_WIDTH;
  let offset = 0;
  const rects = clean.map((p) => {
    const rect = { ...p, x: x(offset), width: x(p.value) };
    offset += p.value;
    return rect;
  });
  return { rects, x };
}
