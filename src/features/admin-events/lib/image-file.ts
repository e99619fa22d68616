// The bucket's rules for event images, checked before anything is uploaded.

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

export interface ImageProblem {
  title: string;
  description: string;
}

/** Checks a picked or dropped file against the bucket's rules before anything is uploaded. */
export function checkImageFile(file: File): ImageProblem | null {
  if (!(EVENT_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return {
      title: 'Dateityp nicht unterstützt',
      description: 'Bitte laden Sie nur PNG, JPG oder WebP Dateien hoch.',
    };
  }
  if (file.size > EVENT_IMAGE_MAX_BYTES) {
    return { title: 'Datei zu gross', description: 'Die Datei darf maximal 4MB gross sein.' };
  }
  return null;
}
