import type { AppState } from '../state/app-state';
import { AppContext, useApp } from '../state/context';
import { AnswerCard } from './AnswerCard';
import { Deferred } from './Deferred';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { Header } from './Header';
import { InferenceFleet } from './InferenceFleet';
import { IssueSummary } from './IssueSummary';
import { Lazy } from './Lazy';
import { LinkIssues } from './LinkIssues';
import { MemoryPanel } from './MemoryPanel';
import { PlanForm } from './PlanForm';
import { QuestionTabs } from './QuestionTabs';
import { Scoped } from './Scoped';
import { SearchPanel } from './SearchPanel';
import { ShareBar } from './ShareBar';
import { ShareTools } from './ShareTools';
import { TimePanel } from './TimePanel';

// Views a visit may never open load when they are shown: the article's method and the embedded
// view (an embed link's page).
const loadArticleView = () => import('./ArticleView').then((m) => m.ArticleView);
const loadEmbedView = () => import('./EmbedView').then((m) => m.EmbedView);

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
      </div>
      <PlanForm />
      <div class="details">
        <div class="share">
          <ShareBar />
          <ShareTools />
        </div>
        {!article && <Details />}
      </div>
    </main>
  );
}

function Details() {
  const app = useApp();
  if (app.question.value === 'serve') {
    return (
      <Deferred order={1}>
        <Scoped>
          <InferenceFleet />
        </Scoped>
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
        <SearchPanel />
      </Deferred>
    </>
  );
}
