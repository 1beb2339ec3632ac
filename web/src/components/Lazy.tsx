import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../state/context';

/**
 * A component whose code is fetched when it is first shown, so the page's first visit does not
 * carry it. While it loads a line says so; if the download fails, a button tries again.
 */
export function Lazy({ load }: { load: () => Promise<ComponentType> }) {
  const t = useT();
  const [loaded, setLoaded] = useState<{ component: ComponentType } | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    load()
      .then((component) => live && setLoaded({ component }))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [load, attempt]);
  if (loaded) return <loaded.component />;
  if (!failed) {
    return (
      <p class="hint" data-loading>
        {t('ui.loading_part')}
      </p>
    );
  }
  return (
    <p class="error" role="alert">
      {t('ui.load_part_failed')}{' '}
      <button
        type="button"
        class="secondary"
        onClick={() => {
          setFailed(false);
          setAttempt(attempt + 1);
        }}
      >
        {t('ui.retry')}
      </button>
    </p>
  );
}
