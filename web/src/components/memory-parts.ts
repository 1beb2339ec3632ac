// The parts a card's memory is split into, in stacking order, with their CSS class and label key.
import type { StageReport } from '../core/types';

export const MEMORY_PARTS = [
  { key: 'weightsGb', css: 'part-weights', label: 'step.weights' },
  { key: 'gradsGb', css: 'part-grads', label: 'step.grads' },
  { key: 'optimizerGb', css: 'part-optimizer', label: 'step.optimizer' },
  { key: 'activationsGb', css: 'part-activations', label: 'step.activations' },
  { key: 'logitsGb', css: 'part-logits', label: 'step.logits' },
  { key: 'overheadGb', css: 'part-overhead', label: 'step.overhead' },
] as const satisfies readonly { key: keyof StageReport; css: string; label: string }[];
