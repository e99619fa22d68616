import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

// The error codes SQL raises: every `raise exception '<CODE>'` (and the codes a
// `raise exception '%', case ... then '<CODE>' ... end` chooses from). DETAIL, HINT and ERRCODE
// (after `using`) are not codes; messages in lower case ('permission denied', 'no free booking
// reference') are for developers, not for a visitor or an admin.

const RAISE = /\braise\s+exception\b([\s\S]*?);/gi;
const CODE = /'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'/g;

/** SQL without its `--` comments, so a commented-out raise does not count. */
function withoutComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, '');
}

/** The codes the raise statements of this SQL text can raise. */
export function raisedCodes(sql: string): Set<string> {
  const codes = new Set<string>();
  for (const [, statement = ''] of withoutComments(sql).matchAll(RAISE)) {
    const message = statement.split(/\busing\b/i)[0] ?? '';
    for (const [, code] of message.matchAll(CODE)) codes.add(code!);
  }
  return codes;
}

/** The .sql files of a folder, or none when the folder does not exist. */
async function sqlFiles(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return names.filter((name) => name.endsWith('.sql')).map((name) => join(folder, name));
}

/** Code -> the files that raise it, over the migrations and the schema files (if any). */
export async function codesRaisedInFiles(folders: string[]): Promise<Map<string, string[]>> {
  const where = new Map<string, string[]>();
  for (const folder of folders) {
    for (const file of await sqlFiles(folder)) {
      for (const code of raisedCodes(await readFile(file, 'utf8'))) {
        where.set(code, [...(where.get(code) ?? []), file]);
      }
    }
  }
  return where;
}
