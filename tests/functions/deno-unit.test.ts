import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The edge functions are Deno code that neither tsc, eslint nor vitest sees: type-check and lint
// every function and run the Deno unit tests of the shared modules with the same Deno the stack uses.

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const deno = join(root, 'node_modules', '.bin', 'deno');
const functionsDir = join(root, 'supabase', 'functions');
/**
 * Every function (and the Deno tests) maps '@common/' to the shared folder in its own deno.json,
 * the file the Supabase CLI bundles each function with; the first test proves they are all this
 * map, so one of them stands for all when checking.
 */
const importMap = join('supabase', 'functions', '_tests', 'deno.json');
const COMMON_IMPORT_MAP = { imports: { '@common/': '../_common/' } };

async function denoRun(args: string[]) {
  try {
    const { stdout, stderr } = await run(deno, args, { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

function functionNames(): string[] {
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => entry.name);
}

describe('edge functions on Deno', () => {
  it('each function and the Deno tests map @common/ to the shared folder in their deno.json', () => {
    for (const folder of [...functionNames(), '_tests']) {
      const denoJson = JSON.parse(readFileSync(join(functionsDir, folder, 'deno.json'), 'utf8'));
      expect(denoJson, `supabase/functions/${folder}/deno.json`).toEqual(COMMON_IMPORT_MAP);
    }
  });

  it('type-check', async () => {
    const entries = functionNames().map((name) => join('supabase', 'functions', name, 'index.ts'));
    expect(entries.length).toBeGreaterThanOrEqual(3);
    const result = await denoRun(['check', '--import-map', importMap, ...entries]);
    expect(result.output).not.toMatch(/error/i);
    expect(result.code).toBe(0);
  });

  it('pass deno lint', async () => {
    // Inline npm: specifiers are how these functions import (their import maps name only @common/).
    const result = await denoRun(['lint', '--rules-exclude=no-import-prefix', join('supabase', 'functions')]);
    expect(result.output).not.toMatch(/problem/i);
    expect(result.code).toBe(0);
  });

  it('pass the unit tests of the shared modules', async () => {
    const result = await denoRun([
      'test',
      '--import-map',
      importMap,
      '--allow-read',
      '--allow-env',
      join('supabase', 'functions', '_tests'),
    ]);
    expect(result.output).toMatch(/ok \| \d+ passed \| 0 failed/);
    expect(result.code).toBe(0);
  });
});
