import { useSearchParams } from 'react-router-dom';

/**
 * The selected tab kept in the URL (`?tab=`), so a tab can be linked to and survives a reload: an unknown or missing
 * value is `fallback`, which the URL leaves out. Selecting replaces the history entry (tabs are not pages to go back
 * through).
 */
export function useTabParam<T extends string>(ids: readonly T[], fallback: T): [T, (next: T) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab') as T | null;
  const tab = raw && ids.includes(raw) ? raw : fallback;
  const select = (next: T) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === fallback) q.delete('tab');
        else q.set('tab', next);
        return q;
      },
      { replace: true },
    );
  return [tab, select];
}
