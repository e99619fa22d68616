import { createClient } from '@supabase/supabase-js';
import { stackEnv } from './stack';

// The site's `@/lib/supabase` module, pointed at the test stack: integration tests that run the
// site's own data-access modules against the real backend replace the module with this one
// (`vi.mock('@/lib/supabase', () => import('../support/stack-supabase'))`).
const env = stackEnv();

export const supabase = createClient(env.apiUrl, env.anonKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
