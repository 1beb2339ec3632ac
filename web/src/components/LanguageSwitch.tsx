import { useApp, useT } from '../state/context';
import { LANGS } from '../i18n/i18n';

const NAMES = { en: 'English', zh: '中文' } as const;

export function LanguageSwitch() {
  const app = useApp();
  const t = useT();
  return (
    <div class="lang-switch" role="group" aria-label={t('ui.language')}>
      {LANGS.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang === 'zh' ? 'zh-CN' : 'en'}
          aria-pressed={app.lang.value === lang}
          data-testid={`lang-${lang}`}
          onClick={() => app.setLang(lang)}
        >
          {NAMES[lang]}
        </button>
      ))}
    </div>
  );
}
