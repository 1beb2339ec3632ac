import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { AppState } from './app-state';
import { translate } from '../i18n/i18n';

export const AppContext = createContext<AppState | null>(null);

export function useApp(): AppState {
  const state = useContext(AppContext);
  if (!state) throw new Error('useApp outside AppContext');
  return state;
}

/** The translate function for the current language (re-renders when it changes). */
export function useT(): (key: string, params?: Record<string, string | number>) => string {
  const { lang } = useApp();
  const current = lang.value;
  return (key, params) => translate(current, key, params);
}
