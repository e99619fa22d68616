import { EVENT_IMAGE_MAX_BYTES, EVENT_IMAGE_TYPES } from './api/upload-event-image';

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
