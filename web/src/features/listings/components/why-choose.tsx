import '../../../styles/home.css';
const BENEFITS = [
  {
    title: 'Escrow protection',
    text: 'Your RLUSD is locked in an escrow on the XRP Ledger and released to the seller only when delivery is confirmed.',
  },
  {
    title: 'Real-time bidding',
    text: 'Bids and outbid alerts arrive live, so you always know where an auction stands.',
  },
  {
    title: 'Verified auctioneers',
    text: 'Sellers sign in with their own wallet and build a public record of sales and reviews.',
  },
  {
    title: 'Fair resolution',
    text: 'If something goes wrong, returns and disputes follow clear rules, and funds in escrow stay safe meanwhile.',
  },
] as const;

/** The four static benefit cards (spec part 1 "Home page"). */
export function WhyChoose() {
  return (
    <section className="home-section why-choose" aria-labelledby="why-title">
      <div className="container">
        <h2 id="why-title" className="section-title">
          Why Choose RLUSD Marketplace
        </h2>
        <ul className="benefit-grid">
          {BENEFITS.map((b) => (
            <li key={b.title} className="benefit-card">
              <h3>{b.title}</h3>
              <p>{b.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
