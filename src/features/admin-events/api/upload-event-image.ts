import { supabase } from '@/lib/supabase';
import { buildImagePath, EVENT_IMAGE_BUCKET } from '../lib/image-file';

/** Uploads the image and answers its public URL. Never overwrites an existing object. */
export async function uploadEventImage(file: File): Promise<string> {
  const path = buildImagePath(file.name);
  const { error } = await supabase.storage
    .from(EVENT_IMAGE_BUCKET)
    .upload(path, file, { cacheControl: '3600', upsert: false, contentType: file.type });
  if (error) throw error;
  return supabase.storage.from(EVENT_IMAGE_BUCKET).getPublicUrl(path).data.publicUrl;
}
