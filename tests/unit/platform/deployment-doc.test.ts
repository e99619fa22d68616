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

// Issue 25: "Protection against automation" states every limit. Each named limit of
// _shared/rate-limit.ts appears there by its constant with its number (it once left out the
// waiting list's 5 joins per address).
describe('docs/deployment.md, "Protection against automation"', () => {
  const source = readFileSync(join(REPO, 'supabase', 'functions', '_shared', 'rate-limit.ts'), 'utf8');
  const limits = [...source.matchAll(/export const ([A-Z_]+): NamedLimit = \{[^}]*?perWindow: (\d+),/g)].map(
    (match) => ({ name: match[1]!, perWindow: match[2]! }),
  );

  function protectionSection(): string {
    const text = readFileSync(DOC, 'utf8');
    const start = text.indexOf('## Protection against automation');
    expect(start, 'the section').toBeGreaterThan(-1);
    const end = text.indexOf('\n## ', start + 1);
    return text.slice(start, end === -1 ? undefined : end);
  }

  it('names every limit with its number', () => {
    expect(limits.map((limit) => limit.name)).toContain('WAITLIST_JOINS_PER_ADDRESS');
    const section = protectionSection().replace(/\s+/g, ' ');
    for (const { name, perWindow } of limits) {
      const at = section.indexOf(`\`${name}\``);
      expect(at, name).toBeGreaterThan(-1);
      // The number is said in the sentence that names the constant (before it, or for the persons
      // allowance in its formula).
      const sentence = section.slice(Math.max(0, at - 160), at);
      expect(sentence, name).toMatch(new RegExp(`\\b${perWindow}\\b`));
    }
  });
});
