import { useT } from '../state/context';

/** The footer's words: where the method comes from and that the CLI gives the same numbers. */
export function FooterText() {
  const t = useT();
  return (
    <>
      <p>{t('ui.footer_method')}</p>
      <p>{t('ui.footer_cli')}</p>
    </>
  );
}
