/** PascalCase construct id from a name or module path: 'http/listings/list-listings' -> 'HttpListingsListListings'. */
export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join('');
}
