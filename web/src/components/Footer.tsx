import { withMessages } from '../i18n/i18n';
import { LazyNear } from './LazyNear';

// Below the fold on every first screen: its words (and their messages) come when it nears the
// viewport, as the panels below the answer do.
const loadFooterText = () =>
  withMessages(import('./FooterText'), import('virtual:messages/footer')).then((m) => m.FooterText);

export function Footer() {
  return (
    <footer class="app-footer">
      <LazyNear load={loadFooterText} placeholder="footer-place" />
    </footer>
  );
}
