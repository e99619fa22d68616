import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { contrastRatio, parseTokens } from './contrast';

// Vitest runs from the project root (where vitest.config.ts lives).
const css = readFileSync(resolve(process.cwd(), 'src/index.css'), 'utf8');

// Text on its surface needs 4.5:1 (WCAG 1.4.3); control borders and focus rings 3:1 (1.4.11).
const textPairs: Array<[string, string]> = [
  ['foreground', 'background'],
  ['card-foreground', 'card'],
  ['popover-foreground', 'popover'],
  ['primary-foreground', 'primary'],
  ['secondary-foreground', 'secondary'],
  ['muted-foreground', 'background'],
  ['muted-foreground', 'muted'],
  ['muted-foreground', 'card'],
  ['muted-foreground', 'secondary'],
  ['accent-foreground', 'accent'],
  ['destructive-foreground', 'destructive'],
  ['success-foreground', 'success'],
  ['warning-foreground', 'warning'],
  ['forest-foreground', 'forest'],
  ['primary', 'secondary'],
  ['primary', 'background'],
  ['primary', 'card'],
  ['accent', 'background'],
  ['accent', 'secondary'],
  ['destructive', 'background'],
  // Error messages and labels also sit on cards and on the newsletter box.
  ['destructive', 'card'],
  ['destructive', 'secondary'],
  ['destructive', 'muted'],
];
const nonTextPairs: Array<[string, string]> = [
  ['input', 'background'],
  ['ring', 'background'],
];

describe.each([':root', '.dark'] as const)('%s theme tokens', (selector) => {
  const tokens = parseTokens(css, selector);
  const ratio = (fg: string, bg: string) => {
    const a = tokens[fg];
    const b = tokens[bg];
    if (!a || !b) throw new Error(`Token --${fg} or --${bg} missing in ${selector}`);
    return contrastRatio(a, b);
  };

  it.each(textPairs)('--%s on --%s reaches 4.5:1', (fg, bg) => {
    expect(ratio(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(nonTextPairs)('--%s against --%s reaches 3:1', (fg, bg) => {
    expect(ratio(fg, bg)).toBeGreaterThanOrEqual(3);
  });
});

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio([0, 0, 0], [0, 0, 100])).toBeCloseTo(21, 5);
    expect(contrastRatio([0, 0, 50], [0, 0, 50])).toBeCloseTo(1, 5);
    // #767676 on white is the classic 4.54:1 boundary grey.
    expect(contrastRatio([0, 0, 46.27], [0, 0, 100])).toBeCloseTo(4.54, 1);
  });
});
