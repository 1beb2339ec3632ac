import { useEffect, useState } from 'preact/hooks';
import { addMessages, type Lang } from '../i18n/i18n';

type Pack = { default: Record<Lang, Record<string, string>> };
const loaded = new WeakSet<() => Promise<Pack>>();

/**
 * Whether the message pack `load` fetches has arrived: fetched the first time `wanted` holds,
 * so a component can keep its messages off a first visit that does not show them.
 */
export function useMessagePack(load: () => Promise<Pack>, wanted: boolean): boolean {
  const [ready, setReady] = useState(loaded.has(load));
  useEffect(() => {
    if (!wanted || ready) return;
    let live = true;
    load().then(
      (pack) => {
        addMessages(pack.default);
        loaded.add(load);
        if (live) setReady(true);
      },
      () => undefined, // the sentence is an aside: without its messages it is left out
    );
    return () => {
      live = false;
    };
  }, [wanted, ready, load]);
  return ready;
}
