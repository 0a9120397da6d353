import { z } from 'zod';

/** `?page=` of every paged table: a positive whole number, 1 when absent or malformed. */
export const ZPageSearch = z.coerce.number().int().min(1).catch(1);

/** Rows per page of the console's tables. */
export const PAGE_SIZE = 20;

/** A filter text kept in the URL: trimmed, absent when empty. */
export const ZTextSearch = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value ? value : undefined))
  .catch(undefined);
