import { describe, expect, it } from 'vitest';
import { classNamesIn, withoutPseudo } from '@/app/full-stylesheet';

// The pure parts of src/app/full-stylesheet.ts; switching the stylesheet on in a real browser is
// tested in tests/e2e/prerender.spec.ts.
describe('the classes the inline critical CSS names', () => {
  it("reads Tailwind's escaped class names back", () => {
    const names = classNamesIn(
      '.md\\:px-8{}.gap-2\\.5{}.w-\\[86\\%\\]{}.\\32xl\\:flex{}.aria-\\[invalid\\=true\\]\\:border-destructive[aria-invalid=true]{}',
    );
    expect([...names]).toEqual(
      expect.arrayContaining([
        'md:px-8',
        'gap-2.5',
        'w-[86%]',
        '2xl:flex',
        'aria-[invalid=true]:border-destructive',
      ]),
    );
  });

  it('finds every class of a compound selector, and none in a tag or attribute', () => {
    const names = classNamesIn(
      '.group:hover .group-hover\\:underline{}.space-y-4>:not([hidden])~:not([hidden]){}h1,[hidden]{}',
    );
    expect(names).toEqual(new Set(['group', 'group-hover:underline', 'space-y-4']));
  });
});

describe('a selector tested against the live page', () => {
  it('drops pseudo-classes and pseudo-elements as the critical CSS step does', () => {
    expect(withoutPseudo('.hover\\:bg-muted:hover')).toBe('.hover\\:bg-muted');
    expect(withoutPseudo('.placeholder\\:text-muted::placeholder')).toBe('.placeholder\\:text-muted');
    // Beasties' pattern takes everything from the first `:not(` to the last `)`: a broader
    // selector, so a rule is rather kept (and here rather switched on) than missed.
    expect(withoutPseudo('.space-y-4>:not([hidden])~:not([hidden])')).toBe('.space-y-4> *');
    // An attribute state stays: the rule applies only in that state.
    expect(withoutPseudo('.data-\\[state\\=open\\]\\:block[data-state=open]')).toBe(
      '.data-\\[state\\=open\\]\\:block[data-state=open]',
    );
  });
});
