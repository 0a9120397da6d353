/** Rows per history page (spec: deposit list (page, pageSize), withdraw list). */
export const HISTORY_PAGE_SIZE = 10;
