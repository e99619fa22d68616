import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';

type TomlValue = string | number | boolean | string[];
export type SupabaseConfig = Map<string, Record<string, TomlValue>>;

/**
 * Reads supabase/config.toml, so the local stack follows the same settings as `supabase start`.
 * Only the TOML the CLI template uses is understood: sections, and keys with strings, numbers,
 * booleans and one-line string arrays.
 */
export function readSupabaseConfig(file = join(REPO_ROOT, 'supabase', 'config.toml')): SupabaseConfig {
  const sections: SupabaseConfig = new Map();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return sections;
  }
  let current: Record<string, TomlValue> = {};
  sections.set('', current);
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const section = /^\[([^\]]+)\]$/.exec(line);
    if (section) {
      current = {};
      sections.set(section[1]!.trim(), current);
      continue;
    }
    const pair = /^([A-Za-z0-9_-]+)\s*=\s*(.+)$/.exec(line);
    const value = pair ? parseValue(pair[2]!) : undefined;
    if (pair && value !== undefined) current[pair[1]!] = value;
  }
  return sections;
}

function parseValue(raw: string): TomlValue | undefined {
  const text = raw.replace(/\s+#[^"\]]*$/, '').trim();
  if (text.startsWith('"')) return JSON.parse(text.slice(0, text.lastIndexOf('"') + 1)) as string;
  if (text === 'true' || text === 'false') return text === 'true';
  if (text.startsWith('[')) {
    const items = text
      .slice(1, text.lastIndexOf(']'))
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    return items.map((item) => JSON.parse(item) as string);
  }
  const number = Number(text.replace(/_/g, ''));
  return Number.isFinite(number) ? number : undefined;
}

export function configString(config: SupabaseConfig, section: string, key: string, fallback: string): string {
  const value = config.get(section)?.[key];
  return typeof value === 'string' ? value : fallback;
}

export function configNumber(config: SupabaseConfig, section: string, key: string, fallback: number): number {
  const value = config.get(section)?.[key];
  return typeof value === 'number' ? value : fallback;
}

export function configBoolean(
  config: SupabaseConfig,
  section: string,
  key: string,
  fallback: boolean,
): boolean {
  const value = config.get(section)?.[key];
  return typeof value === 'boolean' ? value : fallback;
}

export function configStrings(config: SupabaseConfig, section: string, key: string): string[] {
  const value = config.get(section)?.[key];
  return Array.isArray(value) ? value : [];
}
