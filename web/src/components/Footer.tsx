import { useT } from '../state/context';

export function Footer() {
  const t = useT();
  return (
    <footer class="app-footer">
      <p>{t('ui.footer_method')}</p>
      <p>{t('ui.footer_cli')}</p>
    </footer>
  );
}
