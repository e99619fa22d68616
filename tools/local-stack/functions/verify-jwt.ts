import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { resolveRequestAuth } from '../db-context';
import { isOpaqueApiKey } from '../jwt';
import { sendJson } from '../http';
import { REPO_ROOT } from '../paths';

const CONFIG_TOML = join(REPO_ROOT, 'supabase', 'config.toml');

/**
 * `verify_jwt` of `[functions.<name>]` in supabase/config.toml; true when not set, as the
 * CLI and the hosted gateway default it. Read per call so an edited config applies at once.
 */
export function verifyJwtFor(name: string, configPath = CONFIG_TOML): boolean {
  if (!existsSync(configPath)) return true;
  let section: string | null = null;
  for (const raw of readFileSync(configPath, 'utf8').split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      section = (header[1] as string).trim();
      continue;
    }
    const setting = /^verify_jwt\s*=\s*(true|false)$/.exec(line);
    if (setting && (section === `functions.${name}` || section === `functions."${name}"`))
      return setting[1] === 'true';
  }
  return true;
}

/**
 * The gateway's check in front of a function with verify_jwt: a Bearer JWT signed with the
 * project's secret (the legacy anon key is one) must come with the call. The new opaque keys are
 * no JWTs and fail this check, as on the hosted platform. Answers 401 itself when refused.
 */
export async function rejectWithoutValidJwt(
  req: IncomingMessage,
  res: ServerResponse,
  jwtSecret: string,
): Promise<boolean> {
  if (!/^bearer\s+\S+/i.test(req.headers.authorization ?? '')) {
    req.resume();
    sendJson(res, 401, { code: 401, message: 'Missing authorization header' });
    return true;
  }
  try {
    const token = /^bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (isOpaqueApiKey(token)) throw new Error('not a JWT');
    await resolveRequestAuth(req.headers.authorization, jwtSecret);
    return false;
  } catch {
    req.resume();
    sendJson(res, 401, { code: 401, message: 'Invalid JWT' });
    return true;
  }
}
