// The module sends null for a number the core does not know (NaN in C++, see the generated
// declarations). As NaN it stays unknown through arithmetic (null would count as 0) and
// formats as "—" (formatNumber).

export function orNaN(value: number | null | undefined): number {
  return value ?? NaN;
}

/** An object of the module's with its unknown numbers (null) as NaN, one level deep. */
export type WithNaN<T> = {
  [K in keyof T]: null extends T[K] ? Exclude<T[K], null> : T[K];
};

export function withNaN<T extends object>(sent: T): WithNaN<T> {
  const copy: Record<string, unknown> = { ...(sent as Record<string, unknown>) };
  for (const key of Object.keys(copy)) {
    if (copy[key] === null) copy[key] = NaN;
  }
  return copy as WithNaN<T>;
}
