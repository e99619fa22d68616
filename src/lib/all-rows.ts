import type { PostgrestError } from '@supabase/supabase-js';

/**
 * The hosted API answers at most `[api] max_rows` rows (supabase/config.toml: 1000) to any read,
 * whatever the query asked for, and says so only in Content-Range. A list that may grow past it
 * is read page by page with Range requests of this size, never larger than max_rows (checked by
 * tests/unit/platform/max-rows.test.ts), so a full page means "there may be more".
 */
export const PAGE_SIZE = 1000;

interface PageResult<Row> {
  data: Row[] | null;
  error: PostgrestError | null;
}

/**
 * Every row of a query, read in pages: `page(from, to)` builds the query with `.range(from, to)`.
 * The query must order by a unique key (add `.order('id')` after the visible order), or rows
 * could repeat or go missing between pages.
 */
export async function selectAllRows<Row>(
  page: (from: number, to: number) => PromiseLike<PageResult<Row>>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    const { data, error } = await page(from, from + PAGE_SIZE - 1);
    if (error) throw error;
    rows.push(...(data ?? []));
    if (!data || data.length < PAGE_SIZE) return rows;
  }
}
