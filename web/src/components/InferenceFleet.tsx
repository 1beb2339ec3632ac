import { useEffect, useRef } from 'preact/hooks';
import { useNear } from './use-near';
import { useApp, useT } from '../state/context';
import { Lazy } from './Lazy';

// The serving panel's content (fleet, engines, curves, commands) arrives with the full module.
const loadServingPanel = () => import('./ServingPanel').then((m) => m.ServingPanel);

/**
 * The serving model: the fleet for the target load and the view inside one node. Its code and
 * messages load with the full module, fetched as this panel nears the viewport.
 */
export function InferenceFleet() {
  const app = useApp();
  const t = useT();
  const panel = useRef<HTMLElement>(null);
  useNear(panel, () => app.wantFullModule());
  useEffect(() => app.showServing(), [app]);
  const { servingComputed } = app.report.value;
  return (
    <section class="panel" aria-labelledby="serving-title" ref={panel}>
      <h2 id="serving-title">{t('ui.serving_title')}</h2>
      {servingComputed ? (
        <Lazy load={loadServingPanel} />
      ) : app.fullModule.value === 'failed' ? (
        <p role="alert" data-testid="serving-failed">
          {t('ui.serving_load_failed')}{' '}
          <button type="button" class="secondary" onClick={() => app.wantFullModule()}>
            {t('ui.retry')}
          </button>
        </p>
      ) : (
        <p class="why" data-testid="serving-loading" aria-busy="true">
          {t('ui.serving_loading')}
        </p>
      )}
    </section>
  );
}
