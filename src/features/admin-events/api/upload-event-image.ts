import { supabase } from '@/lib/supabase';

export const EVENT_IMAGE_BUCKET = 'event-images';
export const EVENT_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
export const EVENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Spec §3: timestamp, a random unique id and the original name with unsafe characters as '_'. */
export function buildImagePath(
  fileName: string,
  now: number = Date.now(),
  id: string = crypto.randomUUID(),
): string {
  return `${now}-${id}-${fileName.replace(/[^a-zA-Z0-9_.-]/g, '_')}`;
}

/** Uploads the image and answers its public URL. Never overwrites an existing object. */
export async function uploadEventImage(file: File): Promise<string> {
  const path = buildImagePath(file.name);
  const { error } = await supabase.storage
    .from(EVENT_IMAGE_BUCKET)
    .upload(path, file, { cacheControl: '3600', upsert: false, contentType: file.type });
  if (error) throw error;
  return supabase.storage.from(EVENT_IMAGE_BUCKET).getPublicUrl(path).data.publicUrl;
}
