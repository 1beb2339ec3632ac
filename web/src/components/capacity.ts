// How close a peak is to the card, in three words the page marks: within the headroom, near
// capacity (the point fits the card but the high end of its range passes the headroom:
// fragmentation, NCCL buffers and spikes may not fit), or over the card.
export type Capacity = 'fits' | 'near' | 'over';

/**
 * The page's word for the core's memory verdict ("fits", "tight", "does_not_fit"; the memory
 * model decides it from the range and the headroom). Anything else (a verdict the page does not
 * know) reads as over: the page never says "fits" for what it cannot tell.
 */
export function verdictTone(verdict: string): Capacity {
  if (verdict === 'fits') return 'fits';
  if (verdict === 'tight') return 'near';
  return 'over';
}
