import '../../../styles/home.css';
import { Link, useNavigate } from 'react-router-dom';
import { HOME_POPULAR_CATEGORIES, LISTING_CATEGORY_NAMES } from '../../../../../shared/domain/categories';
import { HOME_SECTION_SIZE } from '../../../../../shared/domain/listing';
import { SearchField } from '../../../components/ui/search-field';
import { marketplaceUrl } from '../../../domains/listings/marketplace-url';
import { useListingsPage } from '../../../domains/listings/api';
import { ListingSection } from '../components/listing-section';
import { WhyChoose } from '../components/why-choose';
import { categoryTileHref, topUpListings } from '../lib/home-listings';

/** Hot Auctions: the featured listings, topped up from the newest when fewer than 4 are featured. */
function HotAuctions() {
  const featured = useListingsPage({ featured: 'true', limit: HOME_SECTION_SIZE });
  const needMore = featured.data !== undefined && featured.data.items.length < HOME_SECTION_SIZE;
  const others = useListingsPage(needMore ? { limit: 2 * HOME_SECTION_SIZE } : null);
  const listings = featured.data
    ? topUpListings(featured.data.items, others.data?.items ?? [], HOME_SECTION_SIZE)
    : undefined;
  return (
    <ListingSection
      title="Hot Auctions"
      description="Featured listings picked for you"
      viewAllHref="/marketplace"
      listings={listings}
      isLoading={featured.isLoading || others.isLoading}
      error={featured.error ?? (listings?.length ? undefined : others.error)}
      onRetry={() => void (featured.error ? featured.mutate() : others.mutate())}
      loadingText="Loading featured listings..."
      emptyText="No listings available at the moment"
    />
  );
}

function NewestListings() {
  const page = useListingsPage({ sort: 'newest', limit: HOME_SECTION_SIZE });
  return (
    <ListingSection
      title="Newest Listings"
      description="Just listed on the marketplace"
      viewAllHref={marketplaceUrl({ sort: 'newest' })}
      listings={page.data?.items}
      isLoading={page.isLoading}
      error={page.error}
      onRetry={() => void page.mutate()}
      loadingText="Loading newest listings..."
      emptyText=""
      hideWhenEmpty
    />
  );
}

function CategorySection({ category }: { category: 'Electronics' | 'Fashion' }) {
  const page = useListingsPage({ category, limit: HOME_SECTION_SIZE });
  return (
    <ListingSection
      title={category}
      viewAllHref={marketplaceUrl({ category })}
      listings={page.data?.items}
      isLoading={page.isLoading}
      error={page.error}
      onRetry={() => void page.mutate()}
      loadingText={`Loading ${category} listings...`}
      emptyText={`No ${category} listings available at the moment`}
    />
  );
}

function Hero() {
  const navigate = useNavigate();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-inner">
        <span className="badge badge-accent hero-badge">Powered by XRPL</span>
        <h1 id="hero-title" className="hero-title">
          Buy, sell and bid with RLUSD
        </h1>
        <p className="hero-lead">
          Fixed-price deals and live auctions, paid in RLUSD and held in escrow on the XRP Ledger until your item
          arrives.
        </p>
        <SearchField
          className="hero-search"
          label="Search the marketplace"
          placeholder="What are you looking for?"
          onSearch={(text) => navigate(marketplaceUrl({ search: text }))}
        />
        <nav aria-label="Popular categories">
          <ul className="hero-tiles">
            {HOME_POPULAR_CATEGORIES.map((name) => (
              <li key={name}>
                <Link className="hero-tile" to={categoryTileHref(name)}>
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}

function ExploreCategories() {
  return (
    <section className="home-section" aria-labelledby="explore-title">
      <div className="container">
        <div className="section-head">
          <h2 id="explore-title" className="section-title">
            Explore Categories
          </h2>
        </div>
        <ul className="category-tiles">
          {LISTING_CATEGORY_NAMES.map((name) => (
            <li key={name}>
              <Link className="category-tile" to={marketplaceUrl({ category: name })}>
                {name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function HomePage() {
  return (
    <>
      <title>RLUSD Marketplace</title>
      <Hero />
      <HotAuctions />
      <NewestListings />
      <CategorySection category="Electronics" />
      <CategorySection category="Fashion" />
      <ExploreCategories />
      <WhyChoose />
    </>
  );
}
