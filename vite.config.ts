import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Writes which source modules each chunk holds: the budget check finds admin code by it. */
function chunkModules(): Plugin {
  return {
    name: 'chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        modules[chunk.fileName] = Object.keys(chunk.modules)
          .filter((id) => id.startsWith(root) && !id.includes('/node_modules/'))
          .map((id) => `/${id.slice(root.length)}`);
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(modules) });
    },
  };
}

/**
 * The web fonts' @font-face rules (Fontsource's CSS) with `font-display: optional` instead of
 * `swap`: the text is drawn in the web font when it is there within the short block period (it
 * is cached after the first page), else in its metric-matched fallback (src/index.css) for the
 * whole page. With `swap`, text close to a line's end wrapped differently once the web font came
 * (the booking page's heading and subtitle at 390 px: one line more each, a layout shift of 0.055).
 */
function fontDisplayOptional(): Plugin {
  return {
    name: 'font-display-optional',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/@fontsource-variable\/[^/]+\/[^/?]*\.css(\?|$)/.test(id)) return null;
      return { code: code.replaceAll('font-display: swap;', 'font-display: optional;'), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), chunkModules(), fontDisplayOptional()],
  resolve: {
    // '@common' is the code shared with the edge functions (their deno.json maps the same name).
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@common': fileURLToPath(new URL('./supabase/functions/_common', import.meta.url)),
    },
  },
  server: { port: 8080, strictPort: false, host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    // scripts/prerender reads it to preload each page's chunks; the budget test to measure them.
    manifest: true,
    // One stylesheet for the whole site, never loaded by a lazy chunk: it is inlined in every
    // prerendered page and linked by the client-rendered shell. With per-chunk CSS, Vite's preload
    // helper added it again for lazy chunks that share it, and that second copy made the browser
    // parse the CSS again and restyle the whole page after hydration (one task of ~330 ms at 4x
    // CPU).
    cssCodeSplit: false,
  },
});
