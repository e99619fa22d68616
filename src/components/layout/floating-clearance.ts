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
 * Boxes of the visible controls and overlays on the page near `around`, leaving out `self` and
 * its content.
 */
export function obstacleBoxesNear(around: Box, self: Element): Box[] {
  const boxes: Box[] = [];
  for (const element of document.querySelectorAll(OBSTACLE_SELECTOR)) {
    if (self.contains(element)) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.bottom <= around.top || box.top >= around.bottom) continue;
    if (getComputedStyle(element).visibility === 'hidden') continue;
    boxes.push(box);
  }
  return boxes;
}
