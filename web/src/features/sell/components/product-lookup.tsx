import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { PRODUCT_LOOKUP_MIN_CHARS, type ProductLookupResult } from '../../../../../shared/api/lookup';
import { lookupProducts } from '../../../domains/lookup/api';
import { ApiError } from '../../../lib/api';

/** The automatic search waits this long after the last keystroke (spec part 3 "Business constants and limits"). */
export const AUTO_SEARCH_DELAY_MS = 500;

/**
 * The spec's product lookup toasts for a search that did not answer with products (spec part 3 "Error catalogue"): the
 * service refused the search ('No Product Found' with its reason); it could not be reached or was down ('Could not
 * connect to product lookup service'); it answered, but with nothing usable as product information ('Could not find
 * product information'). A search that finds nothing is a 200 with no items ('No product information found for this
 * search').
 */
export function lookupFailure(error: unknown): { title: string; description: string } {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return { title: 'No Product Found', description: error.message };
  }
  if (error instanceof ApiError && error.code !== 'bad_response') {
    return { title: 'Lookup Failed', description: 'Could not connect to product lookup service' };
  }
  if (!(error instanceof ApiError)) console.warn('Product lookup failed', error);
  return { title: 'Lookup Failed', description: 'Could not find product information' };
}

type State = { kind: 'idle' } | { kind: 'searching' } | { kind: 'results'; items: ProductLookupResult[] };

/**
 * Product lookup (spec part 3): a product name or UPC, searched automatically from 3 characters after a 500 ms pause and
 * by the Search button. Only the newest search's answer is shown; an older one arriving late is ignored.
 */
export function ProductLookup({ token, onSelect }: { token: string; onSelect(product: ProductLookupResult): void }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const latest = useRef<AbortController | null>(null);

  const search = (q: string, manual: boolean) => {
    const text = q.trim();
    if (!text) {
      if (manual) toast.error('Empty Search', { description: 'Please enter a product name or UPC code' });
      return;
    }
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    setState({ kind: 'searching' });
    lookupProducts(token, text, controller.signal)
      .then(({ items }) => {
        if (controller.signal.aborted) return;
        setState({ kind: 'results', items });
        if (!items.length) {
          toast.error('No Product Found', { description: 'No product information found for this search' });
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ kind: 'idle' });
        const { title, description } = lookupFailure(error);
        toast.error(title, { description });
      });
  };

  useEffect(() => {
    if (query.trim().length < PRODUCT_LOOKUP_MIN_CHARS) return;
    const timer = setTimeout(() => search(query, false), AUTO_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // `search` is recreated each render; the query alone decides when to search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  useEffect(() => () => latest.current?.abort(), []);

  const choose = (product: ProductLookupResult) => {
    onSelect(product);
    setState({ kind: 'idle' });
  };

  return (
    <section className="product-lookup" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="section-heading">
        Product Lookup
      </h3>
      <form
        className="product-lookup-form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          search(query, true);
        }}
      >
        <label htmlFor={`${id}-q`} className="sr-only">
          Product name or UPC code
        </label>
        <input
          id={`${id}-q`}
          className="input"
          type="search"
          placeholder="Search by product name or UPC code"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            // Too short to search: an answer still on its way belongs to an older text.
            if (e.target.value.trim().length < PRODUCT_LOOKUP_MIN_CHARS && latest.current) {
              latest.current.abort();
              latest.current = null;
              setState((s) => (s.kind === 'searching' ? { kind: 'idle' } : s));
            }
          }}
          maxLength={100}
        />
        {/* Never disabled: a new search replaces one still running. */}
        <button type="submit" className="btn btn-outline" aria-busy={state.kind === 'searching'}>
          Search
        </button>
      </form>
      <div aria-live="polite">
        {state.kind === 'searching' && <p className="field-hint">Searching...</p>}
        {state.kind === 'results' && state.items.length > 0 && (
          <ul className="lookup-results" aria-label="Products found">
            {state.items.map((p, i) => (
              <li key={`${p.barcodeNumber ?? p.productName}-${i}`}>
                <button type="button" className="lookup-result" onClick={() => choose(p)}>
                  {p.images[0] ? (
                    <img src={p.images[0]} alt="" width={56} height={56} loading="lazy" />
                  ) : (
                    <span className="lookup-noimage" aria-hidden />
                  )}
                  <span className="lookup-text">
                    <span className="lookup-name">{p.productName}</span>
                    <span className="lookup-meta">
                      {[p.brand, p.model, p.barcodeNumber && `UPC ${p.barcodeNumber}`].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
