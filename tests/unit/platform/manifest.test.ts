import { describe, expect, it } from 'vitest';
import { staticClosure, type Manifest } from '../../../scripts/prerender/manifest';

// src/main.tsx imports a page's chunks one by one, a task each, in the order the prerender lists
// them: each chunk must come after the chunks it imports, or one import runs several at once.
describe('staticClosure', () => {
  const manifest: Manifest = {
    'src/page.tsx': { file: 'assets/page.js', imports: ['_form.js', '_zod.js'] },
    '_form.js': { file: 'assets/form.js', imports: ['_zod.js', '_react.js'] },
    '_zod.js': { file: 'assets/zod.js' },
    '_react.js': { file: 'assets/react.js' },
    'src/part.tsx': { file: 'assets/part.js', imports: ['_form.js', '_phone.js'], isDynamicEntry: true },
    '_phone.js': { file: 'assets/phone.js' },
  };

  it('lists every chunk after the chunks it imports, each once', () => {
    const files = staticClosure(manifest, ['src/page.tsx', 'src/part.tsx']);
    expect(files).toEqual([
      'assets/zod.js',
      'assets/react.js',
      'assets/form.js',
      'assets/page.js',
      'assets/phone.js',
      'assets/part.js',
    ]);
    for (const [key, chunk] of Object.entries(manifest)) {
      for (const imported of chunk.imports ?? [])
        expect(files.indexOf(manifest[imported]!.file), `${key} imports ${imported}`).toBeLessThan(
          files.indexOf(chunk.file),
        );
    }
  });

  it('skips names the manifest does not have', () => {
    expect(staticClosure(manifest, ['src/missing.tsx', '_zod.js'])).toEqual(['assets/zod.js']);
  });
});
