import { LoadFailed } from './load-failed';

/** What a paged list (useSWRInfinite) gives the footer. */
export interface PagedState {
  data?: readonly { nextCursor: string | null }[];
  error?: unknown;
  isValidating: boolean;
  size: number;
  setSize(size: number): unknown;
  mutate(): unknown;
}

/**
 * Under a paged list: a failed further read with Try Again (the pages already shown stay), and Load More while the
 * last page names a next one.
 */
export function MorePages({
  pages,
  failedTitle,
  className,
}: {
  pages: PagedState;
  failedTitle: string;
  className?: string;
}) {
  const more = pages.data?.at(-1)?.nextCursor != null;
  return (
    <>
      {!!pages.error && <LoadFailed title={failedTitle} outline onRetry={() => void pages.mutate()} />}
      {more && (
        <button
          type="button"
          className={`btn btn-outline${className ? ` ${className}` : ''}`}
          disabled={pages.isValidating}
          onClick={() => void pages.setSize(pages.size + 1)}
        >
          {pages.isValidating ? 'Loading...' : 'Load More'}
        </button>
      )}
    </>
  );
}
