import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { HEADER_CATEGORIES } from '../../../../shared/domain/categories';
import { Dialog, DialogClose } from '../../components/ui/dialog';
import { CloseIcon, MenuIcon } from '../../components/ui/icons';
import { SearchField } from '../../components/ui/search-field';
import { marketplaceUrl } from '../../domains/listings/marketplace-url';

/** Small screens: a menu button opening a side sheet with search, the marketplace link and the categories. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const close = () => setOpen(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      variant="sheet"
      trigger={
        <button type="button" className="btn btn-ghost btn-icon mobile-menu-trigger" aria-label="Open menu">
          <MenuIcon />
        </button>
      }
      title="Menu"
      header={
        <DialogClose className="btn btn-ghost btn-icon" aria-label="Close menu">
          <CloseIcon />
        </DialogClose>
      }
    >
      <SearchField
        label="Search listings"
        placeholder="Search listings..."
        compact
        onSearch={(text) => {
          close();
          navigate(marketplaceUrl({ search: text }));
        }}
      />
      <nav aria-label="Mobile" className="sheet-nav">
        <Link className="sheet-link" to="/" onClick={close}>
          Home
        </Link>
        <Link className="sheet-link" to="/marketplace" onClick={close}>
          Marketplace
        </Link>
        <h2 className="sheet-section-title">Categories</h2>
        <ul className="sheet-categories">
          {HEADER_CATEGORIES.map((c) => (
            <li key={c.name}>
              <details>
                <summary className="sheet-link">{c.name}</summary>
                <ul className="sheet-subcategories">
                  <li>
                    <Link className="sheet-sublink strong" to={marketplaceUrl({ category: c.name })} onClick={close}>
                      View All {c.name} →
                    </Link>
                  </li>
                  {c.subcategories.map((sub) => (
                    <li key={sub}>
                      <Link
                        className="sheet-sublink"
                        to={marketplaceUrl({ category: c.name, subcategory: sub })}
                        onClick={close}
                      >
                        {sub}
                      </Link>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      </nav>
    </Dialog>
  );
}
