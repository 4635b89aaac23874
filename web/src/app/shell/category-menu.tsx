import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router-dom';
import { ChevronDownIcon } from '../../components/ui/icons';
import { marketplaceUrl } from '../../domains/listings/marketplace-url';

/** One header category: a menu of its subcategories in two columns, then 'View All {category} →'. */
export function CategoryMenu({ name, subcategories }: { name: string; subcategories: readonly string[] }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="btn btn-ghost category-trigger">
        {name}
        <ChevronDownIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content" align="start" sideOffset={6}>
          <div className="menu-grid">
            {subcategories.map((sub) => (
              <DropdownMenu.Item key={sub} asChild>
                <Link className="menu-item" to={marketplaceUrl({ category: name, subcategory: sub })}>
                  {sub}
                </Link>
              </DropdownMenu.Item>
            ))}
          </div>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item asChild>
            <Link className="menu-item menu-item-strong" to={marketplaceUrl({ category: name })}>
              View All {name} →
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The categories that do not fit the bar at this width; each entry opens the marketplace filtered by it. */
export function MoreMenu({ names }: { names: readonly string[] }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="btn btn-ghost category-trigger">
        More
        <ChevronDownIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content" align="end" sideOffset={6}>
          {names.map((name) => (
            <DropdownMenu.Item key={name} asChild>
              <Link className="menu-item" to={marketplaceUrl({ category: name })}>
                {name}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
