import { site } from '@/lib/site';

export const mailtoHref = `mailto:${site.email}`;
/** tel: links need the number without spaces. */
export const telHref = `tel:${site.phone.replace(/\s+/g, '')}`;
