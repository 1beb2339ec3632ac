// One app state: the plan's inputs as typed (signals), everything else computed from them.
// The URL is a projection of the state through the core's link codec.
import { computed, effect, signal, type ReadonlySignal, type Signal } from '@preact/signals';
import type { Core, FullEvaluate } from '../core/api';
import type { ComparisonMatrix, Issue, PlanTexts, Report, ResolvedInput } from '../core/types';
import { asLang, loadCatalog, loadedLangs, withMessages, type Lang } from '../i18n/i18n';
import type { SearchState } from './search-state';
import { stableComputed } from './stable';

/** The question the page answers first (the plan's `question` input; empty is "train"). */
export type Question = 'train' | 'finetune' | 'serve';

/** A plan applied from elsewhere on the page (a layout of the search): shown and announced. */
export interface AppliedPlan {
  /** counts up with each application, so the same layout applied twice is shown twice */
  seq: number;
  /** the inputs it changed (camelCase ids) */
  fields: string[];
}

export interface AppState {
  core: Core;
  texts: Signal<PlanTexts>;
  linkIssues: Signal<Issue[]>;
  report: ReadonlySignal<Report>;
  /**
   * The full module brings what the page's first module leaves out (the step-time model, the
   * memory derivation, the serving model): "idle" until a panel asks for it, then "loading",
   * "ready" or "failed".
   */
  fullModule: ReadonlySignal<'idle' | 'loading' | 'ready' | 'failed'>;
  /** Loads the full module (again after a failure). */
  wantFullModule(): Promise<void>;
  /**
   * A panel that shows the serving model says so while it is mounted (returns its goodbye): the
   * report includes the serving model only then, or on the serve question, so a keystroke in a
   * training plan does not pay for a fleet search nobody sees. It loads nothing: the panel asks
   * for the full module (wantFullModule) when it needs it.
   */
  showServing(): () => void;
  /** The report with the serving model (loads the full module first): for exports. */
  fullReport(): Promise<Report>;
  /**
   * The value the core used for an input (snake_case id), with where it came from. Like `text`
   * and `fieldIssues`, it re-renders its reader only when that input's entry changes.
   */
  resolvedInput(field: string): ResolvedInput | undefined;
  /** What was typed for one input (camelCase id), "" when nothing. */
  text(id: string): string;
  /** The issues of one input (snake_case id). */
  fieldIssues(field: string): Issue[];
  /** The question the page answers first. */
  question: ReadonlySignal<Question>;
  /** Whether the article's method is shown in its own view instead of the answer. */
  articleView: Signal<boolean>;
  /** The last plan applied from elsewhere on the page (see applyPlan), or null. */
  applied: ReadonlySignal<AppliedPlan | null>;
  /** The article's matrix for the plan, once the full module (which computes it) has loaded. */
  comparison: ReadonlySignal<ComparisonMatrix | null>;
  /** Where loading the matrix stands; `wantComparison` starts it. */
  comparisonState: ReadonlySignal<'idle' | 'loading' | 'ready' | 'failed'>;
  wantComparison(): void;
  /** The language the page speaks: the one asked for once its catalog has loaded. */
  lang: ReadonlySignal<Lang>;
  /** The language the plan (or else the browser) asks for. */
  wantedLang: ReadonlySignal<Lang>;
  /** The panels of an embedded view (`embed=` in the link); empty for the whole page. */
  embedPanels: ReadonlySignal<string[]>;
  absoluteLink: ReadonlySignal<string>;
  /** The absolute share link of this plan with some inputs changed (an embed link). */
  absoluteLinkWith(changes: PlanTexts): string;
  /** the layout search, when the page runs one (a worker is attached in main.tsx) */
  search: ReadonlySignal<SearchState>;
  /** Stops the running search (its last result stays). */
  cancelSearch(): void;
  /** Set once the search's panel has come into view: the search (its worker and the full wasm
   * module) starts only then, so a visit that never scrolls there does not download it. */
  searchShown: Signal<boolean>;

  setText(id: string, text: string): void;
  /** Several inputs at once, in one update (an imported config.json). */
  setTexts(changes: PlanTexts): void;
  /**
   * Several inputs at once, applied from a result (a layout of the search): the answer card
   * scrolls into view and shows what changed.
   */
  applyPlan(changes: PlanTexts): void;
  setLang(lang: Lang): void;
  openLink(link: string): void;
  dismissLinkIssues(): void;
  reset(): void;
}

export interface AppEnvironment {
  /** location.hash at start ("" when none) */
  hash: string;
  /** the page's URL without its hash, for absolute share links */
  baseUrl: string;
  browserLang: Lang;
}

export function createAppState(core: Core, env: AppEnvironment): AppState {
  const start = env.hash && env.hash !== '#' ? core.decodeLink(env.hash) : undefined;
  const texts = signal<PlanTexts>(start ? start.texts : { ...core.defaultTexts });
  const linkIssues = signal<Issue[]>(start ? start.issues : []);
  const question = computed<Question>(() => {
    const q = texts.value.question;
    return q === 'finetune' || q === 'serve' ? q : 'train';
  });
  // The full module, once loaded, evaluates the plan in one call: with the serving model while
  // a serving panel is shown, else without it (the fleet search is most of an evaluation).
  const fullEvaluate = signal<FullEvaluate | null>(null);
  const servingViews = signal(0);
  const fullModule = signal<'idle' | 'loading' | 'ready' | 'failed'>('idle');
  const report = computed(() => {
    const full = fullEvaluate.value;
    if (!full) return core.evaluate(texts.value);
    const serving = servingViews.value > 0 || question.value === 'serve';
    return serving ? full.all(texts.value) : full.training(texts.value);
  });
  let loading: Promise<void> | null = null;
  const wantFullModule = (): Promise<void> => {
    if (fullModule.peek() === 'ready') return Promise.resolve();
    if (loading) return loading;
    fullModule.value = 'loading';
    // The serving model's messages come with it, so nothing it reports is shown as a raw key.
    loading = withMessages(core.loadFullEvaluate(), import('virtual:messages/serve')).then(
      (evaluate) => {
        fullEvaluate.value = evaluate;
        fullModule.value = 'ready';
      },
      () => {
        fullModule.value = 'failed';
        loading = null; // the next request tries again
      },
    );
    return loading;
  };
  const fullComparison = signal<((t: PlanTexts) => ComparisonMatrix) | null>(null);
  const comparisonState = signal<'idle' | 'loading' | 'ready' | 'failed'>('idle');
  const wantComparison = () => {
    if (comparisonState.peek() === 'loading' || comparisonState.peek() === 'ready') return;
    comparisonState.value = 'loading';
    core.loadFullComparison().then(
      (compute) => {
        fullComparison.value = compute;
        comparisonState.value = 'ready';
      },
      () => {
        comparisonState.value = 'failed';
      },
    );
  };
  const comparison = computed(() => fullComparison.value?.(texts.value) ?? null);
  const inputs = computed(() => new Map(report.value.inputs.map((i) => [i.field, i])));
  const issuesByField = computed(() => {
    const map = new Map<string, Issue[]>();
    for (const issue of report.value.issues) {
      const list = map.get(issue.field);
      if (list) list.push(issue);
      else map.set(issue.field, [issue]);
    }
    return map;
  });
  // One small signal per input, made on first use: an input re-renders only when its own text,
  // resolution or issues change, not on every keystroke elsewhere.
  const perField = <T>(read: (key: string) => T) => {
    const signals = new Map<string, ReadonlySignal<T>>();
    return (key: string): T => {
      let s = signals.get(key);
      if (!s) {
        s = stableComputed(() => read(key));
        signals.set(key, s);
      }
      return s.value;
    };
  };
  const noIssues: Issue[] = [];
  const resolvedInput = perField((field) => inputs.value.get(field));
  const text = perField((id) => texts.value[id as keyof PlanTexts] ?? '');
  const fieldIssues = perField((field) => issuesByField.value.get(field) ?? noIssues);
  const applied = signal<AppliedPlan | null>(null);
  let appliedCount = 0;
  const wantedLang = computed<Lang>(() => asLang(texts.value.lang) ?? env.browserLang);
  const lang = computed<Lang>(() => {
    const loaded = loadedLangs.value;
    return loaded.includes(wantedLang.value) ? wantedLang.value : (loaded[0] ?? wantedLang.value);
  });
  const embedPanels = stableComputed(() => (texts.value.embed ?? '').split(',').filter(Boolean));
  const absolute = (link: string) => env.baseUrl + link.slice(link.indexOf('#'));
  const absoluteLink = computed(() => absolute(report.value.link));

  return {
    core,
    search: signal<SearchState>({ status: 'idle' }),
    cancelSearch: () => {},
    searchShown: signal(false),
    texts,
    linkIssues,
    report,
    resolvedInput,
    text,
    fieldIssues,
    question,
    articleView: signal(false),
    applied,
    fullModule,
    wantFullModule,
    showServing() {
      servingViews.value += 1;
      let shown = true;
      return () => {
        if (shown) servingViews.value -= 1;
        shown = false;
      };
    },
    async fullReport() {
      await wantFullModule();
      return fullEvaluate.peek()?.all(texts.peek()) ?? report.peek();
    },
    comparison,
    comparisonState,
    wantComparison,
    lang,
    wantedLang,
    embedPanels,
    absoluteLink,
    absoluteLinkWith: (changes) => absolute(core.encodeLink({ ...texts.value, ...changes })),
    // A change made by hand ends what "Applied: …" said about the last layout used.
    setText(id, text) {
      texts.value = { ...texts.value, [id]: text };
      if (applied.peek()) applied.value = null;
    },
    setTexts(changes) {
      texts.value = { ...texts.value, ...changes };
      if (applied.peek()) applied.value = null;
    },
    applyPlan(changes) {
      const before = texts.peek();
      const fields = Object.keys(changes).filter(
        (id) => (before[id as keyof PlanTexts] ?? '') !== changes[id as keyof PlanTexts],
      );
      texts.value = { ...before, ...changes };
      appliedCount += 1;
      applied.value = { seq: appliedCount, fields };
    },
    setLang(next) {
      // The catalog first, so the page never shows the new language half-loaded.
      void loadCatalog(next).then(() => {
        texts.value = { ...texts.value, lang: next };
      });
    },
    openLink(link) {
      const decoded = core.decodeLink(link);
      // A link too long to be read holds no plan (the core returns the default): the plan on the
      // page stays, with the message saying why the link was not opened.
      if (!decoded.issues.some((issue) => issue.code === 'link_too_long')) {
        texts.value = decoded.texts;
      }
      linkIssues.value = decoded.issues;
    },
    dismissLinkIssues() {
      linkIssues.value = [];
    },
    reset() {
      texts.value = { ...core.defaultTexts, lang: texts.value.lang };
      linkIssues.value = [];
    },
  };
}

/**
 * How long the address bar waits for typing to pause before it is rewritten. Chromium's
 * history.replaceState took 2–20 ms per call on this page (tests/perf/page-timing.mjs), as much
 * as everything else a keystroke does; a burst of keystrokes now pays for it once.
 */
const ADDRESS_WRITE_DELAY_MS = 200;

/**
 * Keeps the address bar in step with the plan. The link a page was opened with stays as it was
 * until the user changes something, so a damaged link is never silently rewritten; a link pasted
 * into the address bar later is opened. Writes wait for a pause in typing, and happen at once
 * when the page is hidden or left.
 */
export function syncWithLocation(state: AppState, win: Window): () => void {
  let written = win.location.hash;
  let pending: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The plan's link as last seen: a new report of the same plan (the full module's, once it
  // arrives) is no change of the user's, and leaves the address as it is.
  let seen: string | undefined;
  const cancel = () => {
    if (timer !== undefined) win.clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  const flush = () => {
    const hash = pending;
    cancel();
    // The address moved since the last write: a link pasted whose hashchange is still to come.
    // It wins; writing now would replace it with the plan it is about to replace.
    if (win.location.hash !== written) return;
    if (hash !== undefined && hash !== written) {
      win.history.replaceState(null, '', hash);
      written = win.location.hash;
    }
  };
  const stop = effect(() => {
    let link: string;
    try {
      link = state.report.value.link;
    } catch {
      // The core failed on this plan: the error boundary shows it; the address keeps the last
      // plan that worked, and an exception here would escape into the input's event handler.
      seen ??= '';
      return;
    }
    const hash = link.slice(link.indexOf('#'));
    const opened = seen === undefined;
    if (opened || hash === seen) {
      seen = hash;
      return;
    }
    seen = hash;
    if (timer !== undefined) win.clearTimeout(timer);
    pending = hash;
    timer = win.setTimeout(flush, ADDRESS_WRITE_DELAY_MS);
  });
  const onHashChange = () => {
    if (win.location.hash !== written) {
      // A link pasted into the address bar wins over a write still waiting.
      cancel();
      written = win.location.hash;
      state.openLink(win.location.hash);
    }
  };
  const onHidden = () => {
    if (win.document.visibilityState === 'hidden') flush();
  };
  win.addEventListener('hashchange', onHashChange);
  win.addEventListener('pagehide', flush);
  win.document.addEventListener('visibilitychange', onHidden);
  return () => {
    stop();
    cancel();
    win.removeEventListener('hashchange', onHashChange);
    win.removeEventListener('pagehide', flush);
    win.document.removeEventListener('visibilitychange', onHidden);
  };
}
