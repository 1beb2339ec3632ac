import { effect } from '@preact/signals';
import { render } from 'preact';
import { createCore } from './core/api';
import { loadCore } from './core/load-core';
import { htmlLang, langFromBrowser, translate } from './i18n/i18n';
import { createSearchClient } from './core/search-client';
import { createAppState, syncWithLocation } from './state/app-state';
import { followPlanWithSearch } from './state/search-state';
import { App } from './components/App';
import './styles/global.css';

async function boot(root: HTMLElement) {
  const browserLang = langFromBrowser(navigator.languages ?? [navigator.language]);
  try {
    const core = createCore(await loadCore());
    const state = createAppState(core, {
      hash: window.location.hash,
      baseUrl: window.location.href.split('#')[0],
      browserLang,
    });
    syncWithLocation(state, window);
    state.search = followPlanWithSearch(state, createSearchClient);
    effect(() => {
      document.documentElement.lang = htmlLang(state.lang.value);
      document.title = translate(state.lang.value, 'app.title');
    });
    root.textContent = '';
    render(<App state={state} />, root);
  } catch (error) {
    // The module did not load (or failed on the link it was opened with): say so rather than
    // leave a blank page, with a way back for either case.
    root.innerHTML = '';
    const panel = document.createElement('section');
    panel.className = 'panel fatal';
    panel.setAttribute('role', 'alert');
    const title = document.createElement('h2');
    title.textContent = translate(browserLang, 'fatal.load_title');
    const body = document.createElement('p');
    body.textContent = `${translate(browserLang, 'fatal.load_body')} ${String(error)}`;
    const actions = document.createElement('p');
    actions.className = 'fatal-actions';
    actions.append(
      button(translate(browserLang, 'fatal.reload'), () => window.location.reload()),
      button(translate(browserLang, 'fatal.reset'), () => {
        // Without the plan in the link: a plan that made the core fail cannot fail it again.
        window.history.replaceState(null, '', window.location.pathname + window.location.search);
        window.location.reload();
      }),
    );
    panel.append(title, body, actions);
    root.append(panel);
  }
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
