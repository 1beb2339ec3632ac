import type { AppState } from '../state/app-state';
import { AppContext } from '../state/context';
import { ComparisonTable } from './ComparisonTable';
import { Deferred } from './Deferred';
import { EmbedView } from './EmbedView';
import { ErrorBoundary } from './ErrorBoundary';
import { Header } from './Header';
import { InferenceFleet } from './InferenceFleet';
import { InferencePlan } from './InferencePlan';
import { IssueSummary } from './IssueSummary';
import { LinkIssues } from './LinkIssues';
import { MemoryPanel } from './MemoryPanel';
import { SearchPanel } from './SearchPanel';
import { TimePanel } from './TimePanel';
import { PlanForm } from './PlanForm';
import { ShareBar } from './ShareBar';
import { ShareTools } from './ShareTools';
import { TrainingPlan } from './TrainingPlan';
import { Footer } from './Footer';

export function App({ state }: { state: AppState }) {
  if (state.embedPanels.value.length > 0) {
    return (
      <AppContext.Provider value={state}>
        <ErrorBoundary lang={state.lang.value} onReset={() => state.reset()}>
          <EmbedView />
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
          <ShareBar />
          <ShareTools />
          <LinkIssues />
          <main class="columns">
            <PlanForm />
            <div class="results">
              <IssueSummary />
              <TrainingPlan />
              <Deferred order={1}>
                <MemoryPanel />
              </Deferred>
              <Deferred order={3}>
                <TimePanel />
              </Deferred>
              <Deferred order={4}>
                <SearchPanel />
              </Deferred>
              <Deferred order={5}>
                <InferencePlan />
              </Deferred>
              <Deferred order={6}>
                <InferenceFleet />
              </Deferred>
              <Deferred order={7}>
                <ComparisonTable />
              </Deferred>
            </div>
          </main>
        </ErrorBoundary>
        <Footer />
      </div>
    </AppContext.Provider>
  );
}
