import {
  chooseFloatingMode,
  intersects,
  obstacleBoxesNear,
  OVERLAY_PROPS,
  type Box,
} from '@/components/layout/floating-clearance';

// The button's box in a 1366 px wide window: 48 px high, anchored 24 px from the corner.
const anchor: Box = { left: 1150, top: 828, right: 1342, bottom: 876 };
const fullWidth = 192;

describe('chooseFloatingMode', () => {
  it('shows the full button when no control is near', () => {
    expect(chooseFloatingMode(anchor, fullWidth, [{ left: 0, top: 828, right: 900, bottom: 876 }])).toBe(
      'full',
    );
  });

  it('collapses to the icon when a control sits where the label would be', () => {
    const submit: Box = { left: 1000, top: 840, right: 1200, bottom: 880 };
    expect(chooseFloatingMode(anchor, fullWidth, [submit])).toBe('icon');
  });

  it('hides when even the icon would cover a control', () => {
    const field: Box = { left: 900, top: 830, right: 1330, bottom: 870 };
    expect(chooseFloatingMode(anchor, fullWidth, [field])).toBe('hidden');
  });

  it('boxes that only touch do not overlap', () => {
    expect(intersects(anchor, { left: 1342, top: 0, right: 1366, bottom: 900 })).toBe(false);
    expect(intersects(anchor, { left: 0, top: 0, right: 1366, bottom: 828 })).toBe(false);
  });
});

describe('obstacleBoxesNear', () => {
  const near: Box = { left: 1000, top: 820, right: 1366, bottom: 900 };
  const far: Box = { left: 0, top: 0, right: 300, bottom: 40 };

  function place(element: Element, box: Box) {
    element.getBoundingClientRect = () =>
      DOMRect.fromRect({
        x: box.left,
        y: box.top,
        width: box.right - box.left,
        height: box.bottom - box.top,
      });
  }

  it('counts the overlays it gives way to (cookie notice, toasts) like controls, and nothing else near it', () => {
    document.body.innerHTML = `
      <a id="self" href="https://wa.me/1"><span id="label">Kontakt</span></a>
      <p id="text">Nur Text</p>
      <section id="notice" ${Object.keys(OVERLAY_PROPS)[0]}>Cookie-Hinweis</section>
      <button id="far-button">Weit weg</button>
      <input id="field" />`;
    const byId = (id: string) => document.getElementById(id)!;
    const field: Box = { left: 900, top: 850, right: 1100, bottom: 890 };
    place(byId('self'), anchor);
    place(byId('label'), anchor);
    place(byId('text'), near);
    place(byId('notice'), near);
    place(byId('far-button'), far);
    place(byId('field'), field);

    const boxes = obstacleBoxesNear(anchor, byId('self')).map(({ left, top, right, bottom }) => ({
      left,
      top,
      right,
      bottom,
    }));
    expect(boxes).toEqual([near, field]);
  });

  it('counts the lines of facts (lists and marked card facts), of forms and of headings, but not other text and not their empty room', () => {
    document.body.innerHTML = `
      <a id="self" href="https://wa.me/1">Kontakt</a>
      <dl><dt>Preis</dt><dd>Kostenlos</dd></dl>
      <form aria-label="Anmeldung"><p>Total CHF 90.00</p></form>
      <p data-floating-facts><span>Noch 10 Plätze frei</span></p>
      <h2>Geschichten aus Küche</h2>
      <p>Ein Absatz</p>`;
    const lines: Record<string, Box> = {
      Kostenlos: { left: 1200, top: 830, right: 1280, bottom: 850 },
      'Total CHF 90.00': { left: 1000, top: 850, right: 1300, bottom: 870 },
      'Noch 10 Plätze frei': { left: 1150, top: 860, right: 1290, bottom: 880 },
      'Geschichten aus Küche': { left: 1000, top: 870, right: 1300, bottom: 900 },
      Preis: far,
      'Ein Absatz': { left: 1000, top: 830, right: 1366, bottom: 850 },
    };
    const original = Range.prototype.getClientRects;
    Range.prototype.getClientRects = function (this: Range) {
      const box = lines[this.startContainer.textContent ?? ''];
      const rects = box
        ? [
            DOMRect.fromRect({
              x: box.left,
              y: box.top,
              width: box.right - box.left,
              height: box.bottom - box.top,
            }),
          ]
        : [];
      // An array with item() is all a DOMRectList is.
      return Object.assign(rects, { item: (index: number) => rects[index] ?? null });
    };
    // The blocks reach down to the button; only their lines count.
    for (const block of document.querySelectorAll('dl, form, p, h2')) place(block, near);
    try {
      const boxes = obstacleBoxesNear(anchor, document.getElementById('self')!).map(
        ({ left, top, right, bottom }) => ({ left, top, right, bottom }),
      );
      expect(boxes).toEqual([
        lines.Kostenlos,
        lines['Total CHF 90.00'],
        lines['Noch 10 Plätze frei'],
        lines['Geschichten aus Küche'],
      ]);
    } finally {
      Range.prototype.getClientRects = original;
    }
  });

  it('leaves out, without measuring them, controls and headings the browser skips for now (content-visibility: auto)', () => {
    document.body.innerHTML = `
      <a id="self" href="https://wa.me/1">Kontakt</a>
      <section id="later"><h2 id="heading">Später</h2><button id="skipped">Später</button></section>
      <button id="shown">Jetzt</button>`;
    const byId = (id: string) => document.getElementById(id)!;
    place(byId('self'), anchor);
    place(byId('shown'), near);
    const measured: string[] = [];
    for (const id of ['heading', 'skipped']) {
      byId(id).getBoundingClientRect = () => {
        measured.push(id);
        return DOMRect.fromRect({ x: near.left, y: near.top, width: 100, height: 20 });
      };
    }
    // jsdom has no checkVisibility: here it answers as Chromium does for a skipped section.
    const prototype = Element.prototype as {
      checkVisibility?: (options?: CheckVisibilityOptions) => boolean;
    };
    prototype.checkVisibility = function (this: Element, options?: CheckVisibilityOptions) {
      return !(options?.contentVisibilityAuto && this.closest('#later'));
    };
    try {
      const boxes = obstacleBoxesNear(anchor, byId('self')).map(({ left, top, right, bottom }) => ({
        left,
        top,
        right,
        bottom,
      }));
      expect(boxes).toEqual([near]);
      expect(measured).toEqual([]);
    } finally {
      delete prototype.checkVisibility;
    }
  });
});
