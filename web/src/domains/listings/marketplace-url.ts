/** Links into the marketplace, built in one place so every entry point uses the same parameter names. */
export function marketplaceUrl(
  params: { search?: string; category?: string; subcategory?: string; sort?: string } = {},
) {
  const q = new URLSearchParams();
  const search = params.search?.trim();
  if (search) q.set('search', search);
  if (params.category) q.set('category', params.category);
  if (params.subcategory) q.set('subcategory', params.subcategory);
  if (params.sort) q.set('sort', params.sort);
  const qs = q.toString();
  return qs ? `/marketplace?${qs}` : '/marketplace';
}
