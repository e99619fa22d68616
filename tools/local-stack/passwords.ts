import bcrypt from 'bcryptjs';

const COST = 10;

/** bcrypt hash in GoTrue's `$2a$` form (bcryptjs writes `$2b$`, which hashes identically). */
export async function hashPassword(password: string): Promise<string> {
  const salt = (await bcrypt.genSalt(COST)).replace(/^\$2b\$/, '$2a$');
  return bcrypt.hash(password, salt);
}

export function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return Promise.resolve(false);
  return bcrypt.compare(password, hash);
}
