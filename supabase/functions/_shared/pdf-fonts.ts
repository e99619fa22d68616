import { Buffer } from 'node:buffer';
import * as fontkit from 'npm:fontkit@2';

// Fonts for the PDFs the functions make (issue 25: 'PDFs in every script'). PDFKit's built-in
// Helvetica knows only Latin-1, so '山田 太郎' or 'Anna 😀' printed as garbage. The invoice prints
// with Noto Sans (Latin, Greek, Cyrillic, combining marks), falls back to Noto Sans JP (kana,
// kanji, many Chinese characters) and Noto Emoji (monochrome) per character.
//
// The TTF files are copies of the npm packages @expo-google-fonts/noto-sans, -noto-sans-jp and
// -noto-emoji (SIL Open Font License, fonts/OFL.txt); tests/functions/invoice-pdf-scripts.test.ts checks the
// copies equal the packages. They sit beside this module so the hosted platform bundles them
// (config.toml: static_files of every function that renders a PDF) and Deno reads them locally.

export const PDF_FONT = 'NotoSans';

interface FontFile {
  /** The name registered in PDFKit. */
  name: string;
  file: string;
  /** Used for single characters the main font lacks, in this order. */
  fallback: boolean;
}

const FILES: FontFile[] = [
  { name: PDF_FONT, file: 'NotoSans_400Regular.ttf', fallback: false },
  { name: 'NotoSansJP', file: 'NotoSansJP_400Regular.ttf', fallback: true },
  { name: 'NotoEmoji', file: 'NotoEmoji_400Regular.ttf', fallback: true },
];

interface LoadedFont {
  name: string;
  bytes: Buffer;
  fallback: boolean;
  hasGlyph(codePoint: number): boolean;
}

let loaded: Promise<LoadedFont[]> | null = null;

/** The font files, read and parsed once per isolate. */
export function pdfFonts(): Promise<LoadedFont[]> {
  loaded ??= Promise.all(
    FILES.map(async ({ name, file, fallback }) => {
      const bytes = Buffer.from(await Deno.readFile(new URL(`./fonts/${file}`, import.meta.url)));
      const font = fontkit.create(bytes) as { hasGlyphForCodePoint(codePoint: number): boolean };
      return { name, bytes, fallback, hasGlyph: (codePoint: number) => font.hasGlyphForCodePoint(codePoint) };
    }),
  ).catch((error) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

/** Registers every font in the document (PDFKit embeds only the glyphs a document uses). */
export function registerPdfFonts(
  doc: { registerFont(name: string, src: Buffer): unknown },
  fonts: LoadedFont[],
) {
  for (const font of fonts) doc.registerFont(font.name, font.bytes);
}

export interface TextRun {
  font: string;
  text: string;
}

/** Characters that belong to the one before them (combining marks, joiners, variation selectors, skin tones). */
function joinsPrevious(char: string): boolean {
  const codePoint = char.codePointAt(0)!;
  return (
    /\p{M}/u.test(char) ||
    codePoint === 0x200d ||
    codePoint === 0xfe0e ||
    codePoint === 0xfe0f ||
    (codePoint >= 0x1f3fb && codePoint <= 0x1f3ff)
  );
}

/**
 * The text cut into runs of one font each: the main font where it has the glyph, else the first
 * fallback that has it (else the main font, which prints its empty box).
 */
export function fontRuns(text: string, fonts: LoadedFont[], main = PDF_FONT): TextRun[] {
  const primary = fonts.find((font) => font.name === main);
  if (!primary) throw new Error(`Unknown PDF font ${main}`);
  const fallbacks = fonts.filter((font) => font.fallback);
  const runs: TextRun[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    if (last && joinsPrevious(char)) {
      last.text += char;
      continue;
    }
    const codePoint = char.codePointAt(0)!;
    const font =
      primary.hasGlyph(codePoint) || /\s/.test(char)
        ? primary
        : (fallbacks.find((candidate) => candidate.hasGlyph(codePoint)) ?? primary);
    if (last && last.font === font.name) last.text += char;
    else runs.push({ font: font.name, text: char });
  }
  return runs;
}
