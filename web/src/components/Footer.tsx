import { useRef, useState } from 'preact/hooks';
import { withMessages } from '../i18n/i18n';
import { Lazy } from './Lazy';
import { useNear } from './use-near';

// Below the fold on every first screen: its words (and their messages) come when it nears the
// viewport, as the panels below the answer do.
const loadFooterText = () =>
  withMessages(import('./FooterText'), import('virtual:messages/footer')).then((m) => m.FooterText);

export function Footer() {
  const place = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useNear(place, () => setNear(true));
  return (
    <footer ref={place} class="app-footer">
      {near && <Lazy load={loadFooterText} />}
    </footer>
  );
}
