import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSupabaseConfig } from '../../../tools/local-stack/supabase-config';
import { REPO, functionFolders } from './function-list';

// docs/deployment.md names every edge function in one marked table, with its verify_jwt as in
// config.toml and the right count, so the provider's deploy list cannot drift from the code
// (it once left out join-waitlist and spoke of "three" functions where there were eleven).

const DOC = join(REPO, 'docs', 'deployment.md');

function functionsBlock(): string {
  const text = readFileSync(DOC, 'utf8');
  const start = text.indexOf('<!-- functions:start');
  const end = text.indexOf('<!-- functions:end -->');
  expect(start, 'the functions:start marker').toBeGreaterThan(-1);
  expect(end, 'the functions:end marker').toBeGreaterThan(start);
  return text.slice(start, end);
}

/** The rows of the table: `| \`name\` | true/false | …`. */
function documentedFunctions(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const match of functionsBlock().matchAll(/^\|\s*`([a-z0-9-]+)`\s*\|\s*(\w+)\s*\|/gm))
    rows.set(match[1]!, match[2]!);
  return rows;
}

describe('docs/deployment.md and supabase/functions', () => {
  it('lists every function folder once, and no other', () => {
    expect([...documentedFunctions().keys()].sort()).toEqual(functionFolders());
  });

  it('gives each verify_jwt as supabase/config.toml sets it', () => {
    const config = readSupabaseConfig(join(REPO, 'supabase', 'config.toml'));
    for (const [name, verifyJwt] of documentedFunctions())
      expect(verifyJwt, name).toBe(String(config.get(`functions.${name}`)?.verify_jwt));
  });

  it('states the right number of functions', () => {
    const count = /The project has (\d+) edge functions/.exec(functionsBlock())?.[1];
    expect(Number(count)).toBe(functionFolders().length);
  });

  it('speaks of no other number of functions elsewhere', () => {
    const text = readFileSync(DOC, 'utf8');
    expect(text).not.toMatch(/\b(two|three|four|five|ten)( Deno)? edge functions\b/i);
  });
});
