// How a recompute mode is worded wherever the page names one (the answer card, the fit options,
// the search's rows, its exports and the issues that name a layout), with the real catalogs.
import { beforeAll, expect, test } from 'vitest';
import { loadCatalog, translate, type Lang } from '../../web/src/i18n/i18n';
import { issueText, recomputeLabel } from '../../web/src/i18n/issue-text';

beforeAll(async () => {
  await loadCatalog('en');
  await loadCatalog('zh');
});

const label = (lang: Lang, mode: string, layers: number | null, modules?: string) =>
  recomputeLabel((key, params) => translate(lang, key, params), mode, layers, modules);

test("Megatron's selective modules are named where they are more than the attention core", () => {
  expect(label('en', 'selective', null, 'core_attn,mlp')).toBe('Selective (core_attn,mlp)');
  expect(label('zh', 'selective', null, 'mla_up_proj')).toBe('选择性（mla_up_proj）');
  // The default, and PyTorch's selective (no modules): the form's choice.
  expect(label('en', 'selective', null, 'core_attn')).toBe('Selective (attention core)');
  expect(label('en', 'selective', null, '')).toBe('Selective (attention core)');
  // Modules belong to selective recompute only; block recompute names its layers.
  expect(label('en', 'full', 3, 'mlp')).toBe('Full (first 3 per chunk)');
  expect(label('en', 'none', null, 'mlp')).toBe('None');
});

test('an issue naming a layout words its recompute the same way', () => {
  const issue = {
    code: 'search_best_tight',
    field: '',
    severity: 'warning' as const,
    params: {
      high: '80.1',
      card: '85.0',
      headroom: '90',
      measured: '20',
      trained: '12',
      layout: '(8, 2, 4)',
      mb: '1',
      zero: '1',
      recompute: 'selective',
      recompute_layers: '',
      recompute_modules: 'core_attn,mlp',
      slower: '3.2',
    },
  };
  expect(issueText('en', issue)).toContain('recompute: Selective (core_attn,mlp); 3.2 % slower');
  expect(issueText('zh', issue)).toContain('重计算：选择性（core_attn,mlp），慢 3.2%');
  const block = { ...issue, params: { ...issue.params, recompute: 'full', recompute_layers: '5' } };
  expect(issueText('en', block)).toContain('recompute: Full (first 5 per chunk);');
});
