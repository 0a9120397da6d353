import { z } from 'zod';
import { PAGE_SIZE_MAX } from '../limits';

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** A page of items: `{items, page, pageSize, total}` (api.md). */
export function ZPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

/** ISO-8601 UTC date string; `null` when missing. */
export const ZIsoDate = z.string();

/**
 * `?format=csv` on the back office's lists: every row the filter shows (up to {@link CSV_MAX_ROWS}, newest
 * first), not one page.
 */
export const ZExportFormat = z.enum(['json', 'csv']).default('json');
export const CSV_MAX_ROWS = 10_000;
