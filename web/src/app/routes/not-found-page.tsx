import '../../styles/not-found.css';
import { Link } from 'react-router-dom';

/** Any unknown path (spec part 3, 404). */
export function NotFoundPage() {
  return (
    <div className="container not-found">
      <title>Page not found · RLUSD Marketplace</title>
      <p className="not-found-code" aria-hidden>
        404
      </p>
      <h1>Oops! Page not found</h1>
      <Link className="btn btn-primary" to="/">
        Return to Home
      </Link>
    </div>
  );
}
