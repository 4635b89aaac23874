import { HEADER_CATEGORIES } from '../../../../shared/domain/categories';
import { useViewportWidth } from '../../lib/use-viewport-width';
import { CategoryMenu, MoreMenu } from './category-menu';
import { splitCategories } from './category-split';

/** The header's category bar (large screens only): 3, 4 or 6 category menus by width, the rest under 'More'. */
export function CategoryBar() {
  const width = useViewportWidth();
  const { visible, more } = splitCategories(HEADER_CATEGORIES, width);
  return (
    <nav className="category-bar" aria-label="Categories">
      <div className="container category-bar-inner">
        <ul className="category-list">
          {visible.map((c) => (
            <li key={c.name}>
              <CategoryMenu name={c.name} subcategories={c.subcategories} />
            </li>
          ))}
          {more.length > 0 && (
            <li>
              <MoreMenu names={more.map((c) => c.name)} />
            </li>
          )}
        </ul>
      </div>
    </nav>
  );
}
