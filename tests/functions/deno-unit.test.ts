import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The edge functions are Deno code that neither tsc, eslint nor vitest sees: type-check and lint
// every function and run the Deno unit tests of the shared modules with the same Deno the stack uses.

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const deno = join(root, 'node_modules', '.bin', 'deno');
const functionsDir = join(root, 'supabase', 'functions');

async function denoRun(args: string[]) {
  try {
    const { stdout, stderr } = await run(deno, args, { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('edge functions on Deno', () => {
  it('type-check', async () => {
    const entries = readdirSync(functionsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => join('supabase', 'functions', entry.name, 'index.ts'));
    expect(entries.length).toBeGreaterThanOrEqual(3);
    const result = await denoRun(['check', ...entries]);
    expect(result.output).not.toMatch(/error/i);
    expect(result.code).toBe(0);
  });

  it('pass deno lint', async () => {
    // Inline npm: specifiers are how these functions import (no import map to keep in sync).
    const result = await denoRun(['lint', '--rules-exclude=no-import-prefix', join('supabase', 'functions')]);
    expect(result.output).not.toMatch(/problem/i);
    expect(result.code).toBe(0);
  });

  it('pass the unit tests of the shared modules', async () => {
    const result = await denoRun([
      'test',
      '--allow-read',
      '--allow-env',
      join('supabase', 'functions', '_tests'),
    ]);
    expect(result.output).toMatch(/ok \| \d+ passed \| 0 failed/);
    expect(result.code).toBe(0);
  });
});
