#!/usr/bin/env node
// Renders every image listed in src/content/image-catalog.json into public/images/ as AVIF and
// WebP in each listed width. Without real photos it draws a calm, abstract placeholder per theme
// (food, breath, forest, fire, kids, fondue, table, portrait). To use a real photo, drop it at
// scripts/images/sources/<id>.jpg (or .png/.webp) and run the script again: the same file names
// are written, so nothing in the code changes.
//
//   node scripts/images/generate.mjs            render everything
//   node scripts/images/generate.mjs home-hero  render only the given ids
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { renderPlaceholderSvg } from './placeholder-svg.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const catalog = JSON.parse(readFileSync(join(root, 'src/content/image-catalog.json'), 'utf8'));
const outDir = join(root, 'public/images');
const sourceDir = join(root, 'scripts/images/sources');

// Placeholders are flat colour fields, so modest quality settings stay sharp and tiny.
const AVIF = { quality: 52, effort: 4 };
const WEBP = { quality: 74, effort: 5 };

function findSource(id) {
  for (const ext of ['jpg', 'jpeg', 'png', 'webp']) {
    const file = join(sourceDir, `${id}.${ext}`);
    if (existsSync(file)) return file;
  }
  return null;
}

async function renderImage(entry) {
  const source = findSource(entry.id);
  let total = 0;
  for (const width of entry.widths) {
    const height = Math.round((width * entry.height) / entry.width);
    const input = source
      ? sharp(source).resize(width, height, { fit: 'cover', position: 'attention' })
      : sharp(Buffer.from(renderPlaceholderSvg(entry, width, height)));
    const base = join(outDir, `${entry.id}-${width}`);
    const [avif, webp] = await Promise.all([
      input.clone().avif(AVIF).toBuffer(),
      input.clone().webp(WEBP).toBuffer(),
    ]);
    writeFileSync(`${base}.avif`, avif);
    writeFileSync(`${base}.webp`, webp);
    total += avif.length + webp.length;
  }
  if (isHero(entry)) total += await renderSocialPreview(entry, source);
  return total;
}

/** Page heroes also get a JPEG social preview (link previews want JPEG around 1200x630). */
export const isHero = (entry) => entry.id.endsWith('-hero');

async function renderSocialPreview(entry, source) {
  const input = source
    ? sharp(source).resize(1200, 630, { fit: 'cover', position: 'attention' })
    : sharp(Buffer.from(renderPlaceholderSvg(entry, 1200, 675))).resize(1200, 630, { fit: 'cover' });
  const jpeg = await input.jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  writeFileSync(join(outDir, `${entry.id}-og.jpg`), jpeg);
  return jpeg.length;
}

/** Social preview image (Open Graph wants a JPEG around 1200x630). */
async function renderOgImage() {
  const entry = { id: 'og-default', theme: 'forest', width: 1200, height: 630 };
  const jpeg = await sharp(Buffer.from(renderPlaceholderSvg(entry, 1200, 630)))
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
  writeFileSync(join(outDir, 'og-default.jpg'), jpeg);
}

/** Neutral image shown when a picture fails to load (see ResponsiveImage). */
function writeFallbackSvg() {
  const svg = renderPlaceholderSvg({ id: 'fallback', theme: 'neutral', width: 1600, height: 900 }, 1600, 900);
  writeFileSync(join(outDir, 'placeholder.svg'), svg);
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const only = new Set(process.argv.slice(2));
  const entries = only.size ? catalog.filter((e) => only.has(e.id)) : catalog;
  let bytes = 0;
  for (const entry of entries) {
    bytes += await renderImage(entry);
    process.stdout.write('.');
  }
  if (!only.size) {
    await renderOgImage();
    writeFallbackSvg();
  }
  console.log(`\n${entries.length} images, ${(bytes / 1024 / 1024).toFixed(2)} MB written to public/images`);
}

await main();
