/**
 * The floating contact button must never sit on top of something a visitor can use. Given the
 * boxes of the page's controls, pick the largest form of the button that covers none of them:
 * the full pill, the round icon, or nothing at all.
 */
export type FloatingMode = 'full' | 'icon' | 'hidden';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Everything a visitor can click, type into or tab to. */
export const CONTROL_SELECTOR = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="checkbox"]',
  '[role="combobox"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * Fixed layers the button gives way to, like controls: the cookie notice and each toast. They
 * sit above it (higher z-index), so without this a toast at the bottom right would hide it.
 */
export const OVERLAY_PROPS = { 'data-floating-overlay': '' } as const;

/** Everything the button must not overlap: controls and the fixed layers above it. */
const OBSTACLE_SELECTOR = `${CONTROL_SELECTOR},[data-floating-overlay]`;

/**
 * Marks facts written outside a description list (an event card's date, time and place, its
 * price and free seats): their lines count like those of a `dl`.
 */
export const FACT_LINES_PROPS = { 'data-floating-facts': '' } as const;

/**
 * Text the button must not sit on either, though nobody clicks it: facts, which the site writes
 * as description lists (an event's date, time, place, price and seats; a booking's reference) or
 * marks with FACT_LINES_PROPS (the same facts on an event card), the text of a form being
 * filled in (labels, the total, the terms), and headings (the 404 page's newsletter heading sat
 * under the pill on phones). Their lines count, not their boxes, so the pill still shows beside a
 * short line.
 */
const TEXT_KEPT_CLEAR = 'dl, form, [data-floating-facts], h1, h2, h3, h4';

/** The boxes of the lines of text inside `element` (of the text itself, not of its blocks). */
function textLineBoxes(element: Element): DOMRect[] {
  const range = document.createRange();
  // jsdom has no layout: no lines to measure there.
  if (typeof range.getClientRects !== 'function') return [];
  const lines: DOMRect[] = [];
  const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  while (texts.nextNode()) {
    range.selectNodeContents(texts.currentNode);
    lines.push(...range.getClientRects());
  }
  return lines;
}

/**
 * Whether the browser is skipping `element` for now (content-visibility: auto, far off screen:
 * src/index.css). Such content is nowhere near the button, and measuring it would make the
 * browser lay out all of it, which the skipping is there to spare. jsdom has no such check.
 */
function skippedOffScreen(element: Element): boolean {
  return (
    typeof element.checkVisibility === 'function' && !element.checkVisibility({ contentVisibilityAuto: true })
  );
}

export function intersects(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * The button is anchored at its bottom-right corner; `anchor` is its current box, `fullWidth`
 * the width of the pill with its label. The icon is a square as high as the pill.
 */
export function chooseFloatingMode(anchor: Box, fullWidth: number, controls: readonly Box[]): FloatingMode {
  const height = anchor.bottom - anchor.top;
  const full: Box = { ...anchor, left: anchor.right - fullWidth };
  const icon: Box = { ...anchor, left: anchor.right - height };
  if (!controls.some((control) => intersects(full, control))) return 'full';
  if (!controls.some((control) => intersects(icon, control))) return 'icon';
  return 'hidden';
}

/**
 * Boxes of the visible controls and overlays, and the lines of facts and forms, on the page near
 * `around`, leaving out `self` and its content.
 */
export function obstacleBoxesNear(around: Box, self: Element): Box[] {
  const boxes: Box[] = [];
  for (const element of document.querySelectorAll(OBSTACLE_SELECTOR)) {
    if (self.contains(element) || skippedOffScreen(element)) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.bottom <= around.top || box.top >= around.bottom) continue;
    if (getComputedStyle(element).visibility === 'hidden') continue;
    boxes.push(box);
  }
  for (const element of document.querySelectorAll(TEXT_KEPT_CLEAR)) {
    if (skippedOffScreen(element)) continue;
    const block = element.getBoundingClientRect();
    if (block.bottom <= around.top || block.top >= around.bottom) continue;
    for (const line of textLineBoxes(element)) {
      if (line.width === 0 || line.height === 0) continue;
      if (line.bottom <= around.top || line.top >= around.bottom) continue;
      boxes.push(line);
    }
  }
  return boxes;
}
