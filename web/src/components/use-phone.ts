import { useEffect, useState } from 'preact/hooks';

/** The width below which the page is laid out for a phone (one column, inputs in a sheet). */
export const PHONE_QUERY = '(max-width: 820px)';

/** Whether the page is laid out for a phone; follows the window as it is resized or turned. */
export function usePhone(): boolean {
  const query =
    typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(PHONE_QUERY) : null;
  const [phone, setPhone] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const update = () => setPhone(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return phone;
}
