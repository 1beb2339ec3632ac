import { useT } from '../state/context';
import { LanguageSwitch } from './LanguageSwitch';

/** Title and language: nothing here calls the core, so it stays whatever the core does. */
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
