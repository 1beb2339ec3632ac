// The article's worked examples (its sections 2.3.1–2.3.4; tests/fixtures/seed-tables.json holds
// the values it prints): GPT-3 175B and a 32B model on NVIDIA H100 80GB and Kunlunxin RG800 32GB,
// each as the plan that asks what the article asked — its choice of PP where it made one, and
// the cluster of its "1000-card or 500-card class" whose replicas give its DP.
import type { PlanTexts } from '../core/types';

export const ARTICLE_TRAINING: readonly PlanTexts[] = [
  { model: 'gpt3-175b', accelerator: 'h100-80g', pp: '10', clusterGpus: '1000' },
  { model: 'gpt3-175b', accelerator: 'rg800-32g', clusterGpus: '500' },
  { model: 'qwen-32b', accelerator: 'h100-80g', pp: '2', clusterGpus: '128' },
  { model: 'qwen-32b', accelerator: 'rg800-32g', clusterGpus: '100' },
];

/** The article's inference minimum: the weights of its 32B model on each card. */
export const ARTICLE_INFERENCE: readonly PlanTexts[] = [
  { model: 'qwen-32b', accelerator: 'h100-80g' },
  { model: 'qwen-32b', accelerator: 'rg800-32g' },
];
