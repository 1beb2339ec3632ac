// createAppState (web/src/state/app-state.ts) over the real wasm modules, without a browser: the
// plan's texts drive the report, and each action changes the texts as the page expects. Numbers
// come from the article's published table (tests/fixtures/seed-tables.json).
import { describe, expect, test, vi } from 'vitest';
import { effect } from '@preact/signals';
import { createAppState, type AppEnvironment } from '../../web/src/state/app-state';
import { realCore, seedTables } from './real-core';

// The serving model's message pack is a module vite's build writes (vite.config.js); its
// messages do not matter here.
vi.mock('virtual:messages/serve', () => ({ default: { en: {}, zh: {} } }));

const row = (model: string, accelerator: string) => {
  const found = seedTables.training.find((r) => r.model === model && r.accelerator === accelerator);
  if (!found) throw new Error(`no published row for ${model} on ${accelerator}`);
  return found;
};

const env = (hash = ''): AppEnvironment => ({
  hash,
  baseUrl: 'https://example.org/sizer/',
  browserLang: 'en',
});

describe('createAppState', () => {
  test('the texts of the link it was opened with give the article’s plan', () => {
    const published = row('gpt3-175b', 'h100-80g');
    const state = createAppState(realCore(), env('#v=2&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000'));
    const t = state.report.value.articleTraining;
    expect([t.tp, t.pp, t.dp, t.totalGpus]).toEqual([
      published.tp,
      published.pp_chosen,
      published.dp,
      published.total_gpus,
    ]);
    expect(state.linkIssues.value).toEqual([]);
    expect(state.absoluteLink.value).toBe(
      'https://example.org/sizer/#v=2&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000',
    );
  });

  test('a keystroke pays for the serving model only while a serving view is shown', async () => {
    const state = createAppState(realCore(), env('#v=2&m=llama-3.1-8b&a=h100-80g&tokens=1e12'));
    expect(state.report.value.fullComputed).toBe(false);
    await state.wantFullModule();
    expect(state.fullModule.value).toBe('ready');
    // The full module's step time and derivation, without the fleet search.
    expect(state.report.value.fullComputed).toBe(true);
    expect(state.report.value.training.timeComputed).toBe(true);
    expect(state.report.value.servingComputed).toBe(false);
    const goodbye = state.showServing();
    expect(state.report.value.servingComputed).toBe(true);
    expect(state.report.value.inference.available).toBe(true);
    goodbye();
    goodbye(); // a second goodbye of the same view changes nothing
    expect(state.report.value.servingComputed).toBe(false);
    state.setText('question', 'serve');
    expect(state.report.value.servingComputed).toBe(true);
    state.setText('question', 'train');
    // An export carries the serving model whatever the page shows.
    expect((await state.fullReport()).servingComputed).toBe(true);
    expect(state.report.value.servingComputed).toBe(false);
  });

  test('without a link it starts from the defaults, with no issues', () => {
    const core = realCore();
    const state = createAppState(core, env());
    expect(state.texts.value).toEqual(core.defaultTexts);
    expect(state.linkIssues.value).toEqual([]);
  });

  test('setText changes one input and the report follows', () => {
    const published = row('gpt3-175b', 'rg800-32g');
    const state = createAppState(realCore(), env('#v=2&m=gpt3-175b&a=h100-80g&cluster=500'));
    state.setText('accelerator', 'rg800-32g');
    expect(state.texts.value.accelerator).toBe('rg800-32g');
    expect(state.texts.value.clusterGpus).toBe('500'); // the rest is kept
    const t = state.report.value.articleTraining;
    expect([t.ppMin, t.pp, t.dp, t.totalGpus]).toEqual([
      published.pp_min,
      published.pp_chosen,
      published.dp,
      published.total_gpus,
    ]);
  });

  test('setTexts changes several inputs in one update: one evaluation', () => {
    const published = row('qwen-32b', 'rg800-32g');
    const core = realCore();
    const state = createAppState(core, env());
    const evaluate = vi.spyOn(core, 'evaluate');
    const seen: number[] = [];
    const stop = effect(() => void seen.push(state.report.value.articleTraining.totalGpus ?? NaN));
    evaluate.mockClear();
    seen.length = 0;
    state.setTexts({ model: 'qwen-32b', accelerator: 'rg800-32g', clusterGpus: '100' });
    stop();
    expect(evaluate).toHaveBeenCalledTimes(1);
    // DP = ⌊100 / (TP 8 × PP 3)⌋ = 4 replicas of the published layout.
    expect(seen).toEqual([published.tp * published.pp_chosen * 4]);
  });

  test('openLink replaces the plan and names what the link could not read', () => {
    const state = createAppState(realCore(), env('#v=2&pp=10'));
    state.openLink('#v=2&m=qwen-32b&pp=abc&%ZZ');
    expect(state.texts.value.model).toBe('qwen-32b');
    expect(state.texts.value.pp).toBe(''); // the unreadable value is not taken
    expect(state.linkIssues.value.map((i) => [i.code, i.field])).toEqual([
      ['link_bad_value', 'pp'],
      ['link_unreadable_part', 'link'],
    ]);
    state.dismissLinkIssues();
    expect(state.linkIssues.value).toEqual([]);
  });

  test('a damaged link it was opened with shows its issues from the start', () => {
    const state = createAppState(realCore(), env('#m=qwen-32b&a=h100-80g&cluster=128'));
    expect(state.linkIssues.value.map((i) => i.code)).toEqual(['link_no_version']);
    expect(state.texts.value.model).toBe('qwen-32b');
  });

  test('reset goes back to the defaults but keeps the language', () => {
    const core = realCore();
    const state = createAppState(core, env('#v=2&lang=zh&m=qwen-32b&pp=abc'));
    expect(state.linkIssues.value).not.toEqual([]);
    state.reset();
    expect(state.texts.value).toEqual({ ...core.defaultTexts, lang: 'zh' });
    expect(state.linkIssues.value).toEqual([]);
    expect(state.wantedLang.value).toBe('zh');
  });

  test('embedPanels lists the panels of an embedded view, none for the whole page', () => {
    const state = createAppState(realCore(), env('#v=2&embed=training,memory'));
    expect(state.embedPanels.value).toEqual(['training', 'memory']);
    state.setText('embed', '');
    expect(state.embedPanels.value).toEqual([]);
  });

  test('the language: the link’s, else the browser’s; an unknown one is not taken', () => {
    const state = createAppState(realCore(), env('#v=2&lang=zh'));
    expect(state.wantedLang.value).toBe('zh');
    state.setText('lang', 'xx');
    expect(state.wantedLang.value).toBe('en');
  });

  test('setLang switches once that language’s messages have loaded', async () => {
    const state = createAppState(realCore(), env('#v=2&lang=en'));
    state.setLang('zh');
    await vi.waitFor(() => expect(state.texts.value.lang).toBe('zh'));
    expect(state.lang.value).toBe('zh');
  });

  test('absoluteLinkWith shares the plan with some inputs changed, the plan itself unchanged', () => {
    const state = createAppState(realCore(), env('#v=2&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000'));
    expect(state.absoluteLinkWith({ embed: 'training' })).toBe(
      'https://example.org/sizer/#v=2&embed=training&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000',
    );
    expect(state.texts.value.embed).toBe('');
  });
});
