/**
 * Energy at the wall as people read it: MWh with a decimal from 1 MWh, kWh below (a fine-tune of
 * 44 GPU-hours read "0 MWh"); "—" when unknown. `n` formats a number in the page's language.
 */
export function energyText(kwh: number | null | undefined, n: (v: number, d: number) => string) {
  if (kwh == null || !Number.isFinite(kwh)) return '—';
  return kwh >= 1000 ? `${n(kwh / 1000, 1)} MWh` : `${n(kwh, kwh >= 10 ? 0 : 1)} kWh`;
}
