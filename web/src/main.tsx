import { effect } from '@preact/signals';
import { render } from 'preact';
import { createCore } from './core/api';
import { loadCore, loadTools } from './core/load-core';
import {
  htmlLang,
  langFromBrowser,
  langInLink,
  loadCatalog,
  loadIssueMessages,
  messagePending,
  translate,
} from './i18n/i18n';
import { createSearchClient } from './core/search-client';
import { createAppState, syncWithLocation } from './state/app-state';
import { followPlanWithSearch } from './state/search-state';
import { App } from './components/App';
import './styles/global.css';

async function boot(root: HTMLElement) {
  const browserLang = langFromBrowser(navigator.languages ?? [navigator.language]);
  const firstLang = langInLink(window.location.hash) ?? browserLang;
  try {
    const [module] = await Promise.all([loadCore(), loadCatalog(firstLang)]);
    // The first calls into the module also compile its functions (V8 compiles wasm lazily), so
    // start-up runs as separate tasks — catalog, first evaluation, first render — rather than one
    // long one that would block input (measured at 4× CPU slowdown: 140 + 100 + 270 ms).
    await nextTask();
    const core = createCore(module, loadTools);
    await nextTask();
    const state = createAppState(core, {
      hash: window.location.hash,
      baseUrl: window.location.href.split('#')[0],
      browserLang,
    });
    void state.report.value;
    // A link whose plan already has an issue of the later pack: its message comes first.
    const shown = [...state.report.peek().issues, ...state.linkIssues.peek()];
    if (shown.some((issue) => messagePending(`issue.${issue.code}`))) {
      await loadIssueMessages().catch(() => undefined);
    }
    // The rest of the issue messages are fetched with the first interaction, before a change can
    // raise one (a first visit that only looks does not download them).
    const early = () => void loadIssueMessages().catch(() => undefined);
    for (const type of ['pointerdown', 'keydown', 'focusin']) {
      window.addEventListener(type, early, { once: true, capture: true });
    }
    await nextTask();
    syncWithLocation(state, window);
    effect(() => void loadCatalog(state.wantedLang.value));
    // A deadline's DP needs the step-time model, which comes with the full module.
    effect(() => {
      if (state.texts.value.deadlineDays) void state.wantFullModule();
    });
    // An embedded view runs the layout search only when it shows it.
    const panels = state.embedPanels.peek();
    if (panels.length === 0 || panels.includes('search')) {
      const search = followPlanWithSearch(state, createSearchClient);
      state.search = search.state;
      state.cancelSearch = search.cancel;
    }
    effect(() => {
      const root = document.documentElement;
      const lang = htmlLang(state.lang.value);
      // Only a real change is written: setting the root's lang, even to the same value, has the
      // browser recompute the style of every element (measured: all 800 on every keystroke).
      if (root.lang !== lang) root.lang = lang;
      const title = translate(state.lang.value, 'app.title');
      if (document.title !== title) document.title = title;
      const embedded = state.embedPanels.value.length > 0;
      if (root.classList.contains('embedded') !== embedded) root.classList.toggle('embedded');
    });
    root.textContent = '';
    render(<App state={state} />, root);
  } catch (error) {
    // The module or the first catalog did not load (or the core failed on the link it was opened
    // with): say so rather than leave a blank page, with a way back for either case. The catalog
    // may not have arrived when the module failed first: wait for it, and if it cannot be had
    // either, say it in both languages, as the <noscript> message does.
    await loadCatalog(browserLang).catch(() => undefined);
    const say = (key: string, both: string) => {
      const text = translate(browserLang, key);
      return text === key ? both : text;
    };
    root.innerHTML = '';
    const panel = document.createElement('section');
    panel.className = 'panel fatal';
    panel.setAttribute('role', 'alert');
    const title = document.createElement('h2');
    title.textContent = say('fatal.load_title', 'The calculator could not start / 计算器无法启动');
    const body = document.createElement('p');
    body.textContent = `${say('fatal.load_body', 'It did not load / 未能加载:')} ${String(error)}`;
    const actions = document.createElement('p');
    actions.className = 'fatal-actions';
    actions.append(
      button(say('fatal.reload', 'Reload / 重新加载'), () => window.location.reload()),
      button(say('fatal.reset', 'Reset / 恢复默认值'), () => {
        // Without the plan in the link: a plan that made the core fail cannot fail it again.
        window.history.replaceState(null, '', window.location.pathname + window.location.search);
        window.location.reload();
      }),
    );
    panel.append(title, body, actions);
    root.append(panel);
  }
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function button(label: string, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  element.addEventListener('click', onClick);
  return element;
}

const root = document.getElementById('app');
if (root) void boot(root);
