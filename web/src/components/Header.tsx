import { useT } from '../state/context';
import { LanguageSwitch } from './LanguageSwitch';

/**
 * Title and language: nothing here reads the core's results, so it stays whatever the core does.
 * The share bar and tools, which do, sit inside the error boundary (App.tsx).
 */
export function Header() {
  const t = useT();
  return (
    <header class="app-header">
      <div class="title-row">
        <div>
          <h1>{t('app.title')}</h1>
          <p class="tagline">{t('app.tagline')}</p>
        </div>
        <LanguageSwitch />
      </div>
    </header>
  );
}
