import { join } from 'node:path';
import { PAGE_SIZE } from '@/lib/all-rows';
import { readSupabaseConfig } from '../../../tools/local-stack/supabase-config';
import { REPO } from './function-list';

// The admin lists read in pages of PAGE_SIZE and stop at the first page that is not full. A page
// larger than the API's max_rows would come back cut to max_rows and end the list too early.
describe('paging and max_rows', () => {
  it('pages are never larger than [api] max_rows', () => {
    const maxRows = readSupabaseConfig(join(REPO, 'supabase', 'config.toml')).get('api')?.max_rows;
    expect(typeof maxRows).toBe('number');
    expect(PAGE_SIZE).toBeLessThanOrEqual(maxRows as number);
  });
});
