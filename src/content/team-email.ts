import { site } from '@/lib/site';

/** Team addresses share the domain of the main contact address, so changing it moves them all. */
export function teamEmail(localPart: string): string {
  return `${localPart}@${site.email.split('@')[1] ?? 'example.ch'}`;
}
