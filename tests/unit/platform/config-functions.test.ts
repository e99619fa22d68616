// The contract between supabase/functions and supabase/config.toml, as `supabase functions
// deploy` reads it: it deploys every declared slug (a declared function without a folder fails
// the whole deploy) and every folder; a folder without an entry gets verify_jwt = true, which
// refuses the new sb_publishable_/sb_secret_ keys. So every folder has exactly one entry with an
// explicit verify_jwt, and no entry is left without its folder.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSupabaseConfig } from '../../../tools/local-stack/supabase-config';
import { FUNCTIONS_DIR, REPO, functionFolders } from './function-list';

const CONFIG = join(REPO, 'supabase', 'config.toml');

function declaredFunctions(): Map<string, Record<string, unknown>> {
  const declared = new Map<string, Record<string, unknown>>();
  for (const [section, values] of readSupabaseConfig(CONFIG)) {
    const match = /^functions\.(?:"([^"]+)"|([^.]+))$/.exec(section);
    if (match) declared.set((match[1] ?? match[2])!, values);
  }
  return declared;
}

describe('supabase/config.toml and supabase/functions', () => {
  const folders = functionFolders();
  const declared = declaredFunctions();

  it('finds the functions (an empty list would prove nothing)', () => {
    expect(folders.length).toBeGreaterThan(5);
    for (const name of folders) expect(existsSync(join(FUNCTIONS_DIR, name, 'index.ts')), name).toBe(true);
  });

  it('declares every function folder, and no function without a folder', () => {
    expect([...declared.keys()].sort()).toEqual(folders);
  });

  it('sets verify_jwt explicitly for every function', () => {
    for (const name of folders) expect(typeof declared.get(name)?.verify_jwt, name).toBe('boolean');
  });

  it('lets the public, Stripe and cron functions check their callers themselves (verify_jwt = false)', () => {
    // Called without a JWT: from public pages with the publishable key, by Stripe, or by cron
    // with the secret key. Each proves its caller in code or SQL.
    for (const name of [
      'altcha-challenge',
      'booking-receipt',
      'create-checkout',
      'join-waitlist',
      'newsletter-subscribe',
      'payment-options',
      'process-outbox',
      'process-refunds',
      'register-for-event',
      'send-contact-email',
      'stripe-webhook',
    ])
      expect(declared.get(name)?.verify_jwt, name).toBe(false);
  });

  it('uses no section the CLI has deprecated', () => {
    const sections = [...readSupabaseConfig(CONFIG).keys()];
    expect(sections).not.toContain('inbucket');
    expect(sections).toContain('local_smtp');
    expect(readFileSync(CONFIG, 'utf8')).not.toMatch(/^\[inbucket\]/m);
  });
});
