/** Spec §9: the meta description is the first 155 characters of the content. */
export const META_DESCRIPTION_LENGTH = 155;

/** Paragraphs are separated by blank lines (lines holding only whitespace count as blank). */
export function splitParagraphs(content: string): string[] {
  return content
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Line breaks and runs of spaces collapse to one space, so the snippet reads as one sentence. */
export function metaDescription(content: string): string {
  return content.replace(/\s+/g, ' ').trim().slice(0, META_DESCRIPTION_LENGTH);
}
