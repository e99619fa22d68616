// Where the Supabase API is, without the client: modules on public pages that only need the
// address (the proof-of-work widget's challenge URL) import this, so supabase-js stays out of
// their chunk.
//
// Local defaults match `supabase start` and the embedded local stack, so a fresh clone runs
// with no .env. A hosted project sets VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY.
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const supabaseUrl = import.meta.env.VITE_SUPABASE_URL || LOCAL_SUPABASE_URL;
export const supabaseAnonKey = import.meta.env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY;
