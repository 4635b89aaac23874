import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/** Route error boundary: a failed page (for example a page module that did not load after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <div className="container status status-error" role="alert">
      <h1 className="status-title">Something went wrong</h1>
      <p>{detail ?? 'This page could not be shown. Reloading usually helps.'}</p>
      <div className="status-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link className="btn btn-outline" to="/">
          Return to Home
        </Link>
      </div>
    </div>
  );
}
