import { useRef } from 'preact/hooks';
import { useApp, useT } from '../state/context';
import { Lazy } from './Lazy';
import { useNear } from './use-near';

// What the step-time model computed: loaded with the model (the full module), not with the page.
const loadDetails = () => import('./TimeDetails').then((m) => m.TimeDetails);

/** How long one step takes and why, then days, GPU-hours, money and energy for the tokens. */
export function TimePanel() {
  const app = useApp();
  const t = useT();
  const panel = useRef<HTMLElement>(null);
  // The step-time model arrives with the full module (about 120 KB), fetched only as this panel
  // comes within a quarter screen: a screen ahead, a first visit would download it unseen.
  useNear(panel, () => app.wantFullModule(), '25% 0px');
  const { training } = app.report.value;
  const waiting = training.available && !training.timeComputed;
  const failed = waiting && app.fullModule.value === 'failed';
  return (
    <section class="panel" aria-labelledby="time-title" data-testid="time-panel" ref={panel}>
      <h2 id="time-title">{t('ui.time_title')}</h2>
      {failed ? (
        <p role="alert">
          {t('ui.serving_load_failed')}{' '}
          <button type="button" class="secondary" onClick={() => app.wantFullModule()}>
            {t('ui.retry')}
          </button>
        </p>
      ) : waiting ? (
        <p class="why" aria-busy="true">
          {t('ui.loading_part')}
        </p>
      ) : !training.timeAvailable ? (
        <p class="hint">{t('ui.time_unavailable')}</p>
      ) : (
        <Lazy load={loadDetails} />
      )}
    </section>
  );
}
