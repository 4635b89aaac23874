import { Link } from 'react-router-dom';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <p className="footer-brand">RLUSD Marketplace</p>
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/marketplace">Marketplace</Link>
            </li>
          </ul>
        </nav>
        <p className="footer-note">Payments in RLUSD, held in escrow on the XRP Ledger until delivery.</p>
      </div>
    </footer>
  );
}
