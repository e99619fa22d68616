// Reads Vite's build manifest (build.manifest: dist/.vite/manifest.json). The prerender step
// preloads a page's chunks from it and the budget test measures a route's initial JavaScript.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((name) => manifest[name]?.isEntry);
  if (!key) throw new Error('The build manifest has no entry chunk');
  return key;
}

/**
 * The chunk files a module needs before it runs: its static imports and itself, each chunk after
 * the chunks it imports. Imported one by one in this order, every import runs just one chunk
 * (src/main.tsx runs a page's chunks a task each).
 */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
    files.push(chunk.file);
  };
  keys.forEach(visit);
  return files;
}
