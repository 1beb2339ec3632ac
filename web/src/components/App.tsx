import type { AppState } from '../state/app-state';
import { withMessages } from '../i18n/i18n';
import { AppContext, useApp } from '../state/context';
import { AnswerCard } from './AnswerCard';
import { Deferred } from './Deferred';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { Header } from './Header';
import { IssueSummary } from './IssueSummary';
import { Lazy } from './Lazy';
import { LazyNear } from './LazyNear';
import { LinkIssues } from './LinkIssues';
import { MemoryPanel } from './MemoryPanel';
import { PlanForm } from './PlanForm';
import { QuestionTabs } from './QuestionTabs';
import { Scoped } from './Scoped';
import { ShareBar } from './ShareBar';
import { ShareTools } from './ShareTools';
import { TimePanel } from './TimePanel';

// Views a visit may never open load when they are shown: the article's method and the embedded
// view (an embed link's page).
const loadArticleView = () =>
  withMessages(import('./ArticleView'), import('virtual:messages/article')).then(
    (m) => m.ArticleView,
  );
const loadEmbedView = () =>
  withMessages(
    import('./EmbedView'),
    import('virtual:messages/article'),
    import('virtual:messages/search'),
    import('virtual:messages/serve'),
    import('virtual:messages/share'),
  ).then((m) => m.EmbedView);
// The search (below the fold) when it nears the viewport; the serving model's panel with the
// serving question. Each reads its own view of the report (Scoped).
const loadSearchPanel = () =>
  withMessages(import('./SearchPanel'), import('virtual:messages/search')).then(
    (m) => m.SearchPanel,
  );
const loadServingPanel = () =>
  withMessages(import('./InferenceFleet'), import('virtual:messages/serve')).then(
    ({ InferenceFleet }) =>
      () => (
        <Scoped>
          <InferenceFleet />
        </Scoped>
      ),
  );

export function App({ state }: { state: AppState }) {
  if (state.embedPanels.value.length > 0) {
    return (
      <AppContext.Provider value={state}>
        <ErrorBoundary lang={state.lang.value} onReset={() => state.reset()}>
          <Lazy load={loadEmbedView} />
        </ErrorBoundary>
      </AppContext.Provider>
    );
  }
  return (
    <AppContext.Provider value={state}>
      <div class="app">
        <Header />
        {/* Everything that reads the core's results is inside the boundary (the share link too):
            a failure there shows the reset panel instead of escaping and blanking the page. */}
        <ErrorBoundary lang={state.lang.value} onReset={() => state.reset()}>
          <QuestionTabs />
          <LinkIssues />
          <Page />
        </ErrorBoundary>
        <Footer />
      </div>
    </AppContext.Provider>
  );
}

/**
 * The answer first (on a phone, before the inputs), the inputs beside it on a wide screen, then
 * the details of that answer: only the panels the question needs are built.
 */
function Page() {
  const app = useApp();
  const article = app.articleView.value;
  return (
    <main class="page" data-view={article ? 'article' : 'answer'}>
      <div class="answer-area">
        {article ? (
          <Lazy load={loadArticleView} />
        ) : (
          <>
            <Scoped>
              <AnswerCard />
            </Scoped>
            <Scoped>
              <IssueSummary />
            </Scoped>
          </>
        )}
        <div class="share">
          <ShareBar />
          <ShareTools />
        </div>
      </div>
      <PlanForm />
      <div class="details">{!article && <Details />}</div>
    </main>
  );
}

function Details() {
  const app = useApp();
  const showSearch = () => {
    app.searchShown.value = true;
  };
  if (app.question.value === 'serve') {
    return (
      <Deferred order={1}>
        <Lazy load={loadServingPanel} />
      </Deferred>
    );
  }
  return (
    <>
      <Deferred order={1}>
        <Scoped>
          <MemoryPanel />
        </Scoped>
      </Deferred>
      <Deferred order={3}>
        <Scoped>
          <TimePanel />
        </Scoped>
      </Deferred>
      <Deferred order={4}>
        <LazyNear load={loadSearchPanel} testId="search-panel" onNear={showSearch} />
      </Deferred>
    </>
  );
}
