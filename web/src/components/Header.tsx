import { useApp, useT } from '../state/context';
import { LanguageSwitch } from './LanguageSwitch';
import { ShareBar } from './ShareBar';
import { ShareTools } from './ShareTools';

export function Header() {
  const app = useApp();
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
      <ShareBar />
      <ShareTools />
      <p class="print-only">{t('ui.print_link', { link: app.absoluteLink.value })}</p>
    </header>
  );
}
