import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const STACK_DIR = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = join(STACK_DIR, '..', '..');
