// How close a peak is to the card, in three words the page marks: within the headroom, near
// capacity (over the headroom: the card may hold it, but allocator fragmentation and spikes a
// model cannot see leave no margin), or over the card.
export type Capacity = 'fits' | 'near' | 'over';

/**
 * `fits` is the core's verdict; `headroom` the share of the card a plan may use (the core's
 * resolved `headroom` input), or null where the core has none. A peak the core refuses while it is
 * still within the card is near capacity (the core's verdict counts the headroom).
 */
export function capacity(
  fits: boolean,
  peakGb: number,
  cardGb: number,
  headroom: number | null,
): Capacity {
  if (!(peakGb <= cardGb)) return 'over';
  if (!fits) return 'near';
  if (headroom !== null && Number.isFinite(headroom) && peakGb > headroom * cardGb) return 'near';
  return 'fits';
}
