export type PageSearch = { page?: number };

/**
 * `?page=` of a history route: a whole number ≥ 1, else absent (page 1). Hand-written instead of zod to keep
 * zod out of the route tree every page loads.
 */
export function validatePageSearch(search: Record<string, unknown>): PageSearch {
  const raw = search.page;
  const page = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : raw;
  return typeof page === 'number' && Number.isInteger(page) && page > 1 && page <= 100_000 ? { page } : {};
}
