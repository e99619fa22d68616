// Abstract placeholder artwork as SVG: a warm gradient, a few soft blurred shapes and one quiet
// motif per theme. Every image is seeded by its id, so re-running the script gives identical files.

const palettes = {
  food: {
    sky: ['#f1e4c8', '#d99a62'],
    blobs: ['#b5532f', '#6f7f3a', '#e8c07a'],
    ink: '#5b3a22',
    light: '#fbf3e4',
  },
  breath: {
    sky: ['#e6eee9', '#93b5b1'],
    blobs: ['#c9dcd6', '#6f9792', '#e9e1cf'],
    ink: '#3f625e',
    light: '#f7faf8',
  },
  forest: {
    sky: ['#e7e3c9', '#5f7d55'],
    blobs: ['#a9b98a', '#35543f', '#d8c48f'],
    ink: '#233b2c',
    light: '#f4f1e2',
  },
  fire: {
    sky: ['#3a2119', '#b8531f'],
    blobs: ['#e58a3a', '#7a2b16', '#f2c36b'],
    ink: '#1f120d',
    light: '#ffd9a0',
  },
  kids: {
    sky: ['#fbe9bd', '#ee9b6b'],
    blobs: ['#3f9a8f', '#f4c34f', '#d9614a'],
    ink: '#2f5f59',
    light: '#fff6e0',
  },
  fondue: {
    sky: ['#4a241b', '#9a4a26'],
    blobs: ['#e3b24c', '#6a2a1c', '#f4dca0'],
    ink: '#2a130e',
    light: '#ffe7a8',
  },
  table: {
    sky: ['#f0dfc2', '#a8673c'],
    blobs: ['#7a4a2a', '#d7a45c', '#5d6b3a'],
    ink: '#4a2e1b',
    light: '#fff1d6',
  },
  portrait: {
    sky: ['#ece3d2', '#b9a586'],
    blobs: ['#d8c7a8', '#8d7a5c', '#c9d3c0'],
    ink: '#5a4a36',
    light: '#f8f2e7',
  },
  neutral: {
    sky: ['#efe9de', '#cfc4b1'],
    blobs: ['#ddd3c2', '#bfb29b', '#e9e2d5'],
    ink: '#8b7f6c',
    light: '#f7f3ec',
  },
};

/** Small deterministic PRNG (mulberry32) seeded from the id. */
function seededRandom(id) {
  let seed = 0;
  for (const ch of id) seed = (Math.imul(seed, 31) + ch.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (n) => Math.round(n * 10) / 10;

function softBlobs(W, H, p, rnd) {
  return Array.from({ length: 4 }, (_, i) => {
    const r = (0.25 + rnd() * 0.3) * Math.max(W, H);
    const color = p.blobs[i % p.blobs.length];
    return `<circle cx="${round(rnd() * W)}" cy="${round(rnd() * H)}" r="${round(r)}" fill="${color}" opacity="${round(0.35 + rnd() * 0.3)}"/>`;
  }).join('');
}

const motifs = {
  food(W, H, p, rnd) {
    // Plates seen from above, with a few leaves.
    const plates = Array.from({ length: 3 }, () => {
      const r = H * (0.14 + rnd() * 0.1);
      const cx = round(W * (0.15 + rnd() * 0.7));
      const cy = round(H * (0.25 + rnd() * 0.5));
      return `<circle cx="${cx}" cy="${cy}" r="${round(r)}" fill="${p.light}" opacity="0.85"/>
        <circle cx="${cx}" cy="${cy}" r="${round(r * 0.72)}" fill="none" stroke="${p.ink}" stroke-opacity="0.18" stroke-width="${round(r * 0.04)}"/>
        <circle cx="${cx}" cy="${cy}" r="${round(r * 0.4)}" fill="${p.blobs[Math.floor(rnd() * 3)]}" opacity="0.75"/>`;
    });
    return plates.join('') + leaves(W, H, p.blobs[1], rnd, 6);
  },
  breath(W, H, p, rnd) {
    // Concentric rings spreading like a slow exhale.
    const cx = W * (0.3 + rnd() * 0.4);
    const cy = H * (0.4 + rnd() * 0.2);
    const rings = Array.from({ length: 7 }, (_, i) => {
      const r = H * (0.08 + i * 0.09);
      return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="none" stroke="${p.light}" stroke-opacity="${round(0.75 - i * 0.09)}" stroke-width="${round(H * 0.006)}"/>`;
    });
    return rings.join('') + waves(W, H, p.ink, rnd, 3, 0.4);
  },
  forest(W, H, p, rnd) {
    // Layered hills with a row of stylised firs.
    const hills = [0.62, 0.72, 0.82].map((level, i) =>
      hill(W, H, level, [p.blobs[0], p.blobs[1], p.ink][i], rnd, 0.85),
    );
    const trees = Array.from({ length: 9 }, () => {
      const x = rnd() * W;
      const base = H * (0.66 + rnd() * 0.12);
      const h = H * (0.16 + rnd() * 0.16);
      const w = h * 0.42;
      return `<path d="M${round(x)} ${round(base - h)} L${round(x + w / 2)} ${round(base)} L${round(x - w / 2)} ${round(base)}Z" fill="${p.ink}" opacity="0.8"/>`;
    });
    const sun = `<circle cx="${round(W * (0.6 + rnd() * 0.3))}" cy="${round(H * 0.28)}" r="${round(H * 0.09)}" fill="${p.light}" opacity="0.8"/>`;
    return sun + hills[0] + trees.join('') + hills[1] + hills[2];
  },
  fire(W, H, p, rnd) {
    // Rising flame tongues over embers.
    const cx = W * (0.35 + rnd() * 0.3);
    const base = H * 0.86;
    const flames = Array.from({ length: 5 }, (_, i) => {
      const w = H * (0.22 - i * 0.03);
      const h = H * (0.55 - i * 0.07);
      const x = cx + (rnd() - 0.5) * H * 0.1;
      const color = [p.blobs[1], p.blobs[0], p.blobs[2], p.light, p.light][i];
      return `<path d="M${round(x)} ${round(base - h)} C${round(x + w * 0.9)} ${round(base - h * 0.45)} ${round(x + w * 0.7)} ${round(base)} ${round(x)} ${round(base)} C${round(x - w * 0.7)} ${round(base)} ${round(x - w * 0.9)} ${round(base - h * 0.45)} ${round(x)} ${round(base - h)}Z" fill="${color}" opacity="${round(0.55 + i * 0.08)}"/>`;
    });
    const sparks = Array.from(
      { length: 18 },
      () =>
        `<circle cx="${round(cx + (rnd() - 0.5) * W * 0.5)}" cy="${round(H * (0.1 + rnd() * 0.5))}" r="${round(H * (0.003 + rnd() * 0.006))}" fill="${p.light}" opacity="${round(0.4 + rnd() * 0.5)}"/>`,
    );
    return flames.join('') + sparks.join('');
  },
  kids(W, H, p, rnd) {
    // Playful sun, dots and a zigzag path.
    const sun = `<circle cx="${round(W * (0.15 + rnd() * 0.2))}" cy="${round(H * 0.28)}" r="${round(H * 0.12)}" fill="${p.blobs[1]}"/>`;
    const dots = Array.from(
      { length: 14 },
      () =>
        `<circle cx="${round(rnd() * W)}" cy="${round(H * (0.45 + rnd() * 0.5))}" r="${round(H * (0.015 + rnd() * 0.04))}" fill="${p.blobs[Math.floor(rnd() * 3)]}" opacity="0.85"/>`,
    );
    let zig = `M0 ${round(H * 0.7)}`;
    for (let x = 0; x <= W; x += W / 10)
      zig += ` L${round(x)} ${round(H * (0.62 + (Math.round(x / (W / 10)) % 2) * 0.08))}`;
    const path = `<path d="${zig}" fill="none" stroke="${p.ink}" stroke-width="${round(H * 0.012)}" stroke-linejoin="round" opacity="0.55"/>`;
    return sun + hill(W, H, 0.78, p.blobs[0], rnd, 0.7) + path + dots.join('');
  },
  fondue(W, H, p, rnd) {
    // A little hut with glowing windows and a pot with rising steam.
    // Hut and pot swap sides per image so a gallery of fondue pictures does not look cloned.
    const hutLeft = rnd() < 0.5;
    const hx = W * (hutLeft ? 0.1 + rnd() * 0.12 : 0.55 + rnd() * 0.1);
    const hw = W * 0.28;
    const hy = H * 0.5;
    const hut = `<path d="M${round(hx - hw * 0.08)} ${round(hy)} L${round(hx + hw / 2)} ${round(H * 0.26)} L${round(hx + hw * 1.08)} ${round(hy)}Z" fill="${p.ink}"/>
      <rect x="${round(hx)}" y="${round(hy)}" width="${round(hw)}" height="${round(H * 0.3)}" fill="${p.blobs[1]}"/>
      <rect x="${round(hx + hw * 0.15)}" y="${round(hy + H * 0.07)}" width="${round(hw * 0.25)}" height="${round(H * 0.1)}" rx="4" fill="${p.light}" opacity="0.95"/>
      <rect x="${round(hx + hw * 0.6)}" y="${round(hy + H * 0.07)}" width="${round(hw * 0.25)}" height="${round(H * 0.1)}" rx="4" fill="${p.light}" opacity="0.95"/>`;
    const px = W * (hutLeft ? 0.72 : 0.25);
    const py = H * 0.72;
    const pr = H * 0.16;
    const pot = `<ellipse cx="${round(px)}" cy="${round(py)}" rx="${round(pr * 1.2)}" ry="${round(pr * 0.35)}" fill="${p.blobs[0]}"/>
      <path d="M${round(px - pr * 1.2)} ${round(py)} Q${round(px)} ${round(py + pr * 1.6)} ${round(px + pr * 1.2)} ${round(py)}Z" fill="${p.blobs[1]}"/>`;
    const steam = waves(W * 0.3, H * 0.35, p.light, rnd, 3, 0.6, px - W * 0.15, py - H * 0.45);
    return hill(W, H, 0.8, p.ink, rnd, 0.9) + hut + pot + steam;
  },
  table(W, H, p, rnd) {
    // A long table in perspective with candle glows.
    const top = H * 0.55;
    const table = `<path d="M${round(W * 0.3)} ${round(top)} L${round(W * 0.7)} ${round(top)} L${round(W * 1.05)} ${round(H)} L${round(W * -0.05)} ${round(H)}Z" fill="${p.blobs[0]}" opacity="0.9"/>`;
    // Three candles down the middle, spaced so their glows do not merge into one blob.
    const candles = [0.18, 0.48, 0.82].map((t) => {
      const y = top + (H - top) * t;
      const x = W / 2 + (rnd() - 0.5) * W * 0.02;
      const r = H * (0.012 + t * 0.02);
      return `<circle cx="${round(x)}" cy="${round(y - r * 3)}" r="${round(r * 3)}" fill="${p.light}" opacity="0.22"/><rect x="${round(x - r * 0.45)}" y="${round(y - r * 3)}" width="${round(r * 0.9)}" height="${round(r * 3)}" rx="${round(r * 0.2)}" fill="${p.light}" opacity="0.9"/><ellipse cx="${round(x)}" cy="${round(y - r * 3.6)}" rx="${round(r * 0.35)}" ry="${round(r * 0.7)}" fill="#ffd27a"/>`;
    });
    const plates = Array.from({ length: 8 }, (_, i) => {
      const t = (Math.floor(i / 2) + 0.6) / 4;
      const side = i % 2 ? 1 : -1;
      const y = top + (H - top) * t;
      const x = W / 2 + side * (W * 0.1 + W * 0.22 * t);
      return `<ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(H * 0.05 * (0.6 + t))}" ry="${round(H * 0.02 * (0.6 + t))}" fill="${p.light}" opacity="0.8"/>`;
    });
    return table + plates.join('') + candles.join('');
  },
  portrait(W, H, p) {
    // Head-and-shoulders silhouette, for portraits without a `person` description.
    return `<circle cx="${round(W / 2)}" cy="${round(H * 0.36)}" r="${round(W * 0.16)}" fill="${p.ink}" opacity="0.55"/>
      <path d="M${round(W * 0.12)} ${round(H)} C${round(W * 0.14)} ${round(H * 0.47)} ${round(W * 0.86)} ${round(H * 0.47)} ${round(W * 0.88)} ${round(H)}Z" fill="${p.ink}" opacity="0.55"/>`;
  },
  neutral(W, H, p) {
    return `<circle cx="${round(W / 2)}" cy="${round(H / 2)}" r="${round(H * 0.12)}" fill="none" stroke="${p.ink}" stroke-opacity="0.4" stroke-width="${round(H * 0.01)}"/>`;
  },
};

// Motifs chosen per image (catalog field `motif`), so that a page's images differ in what they
// show, not only in where the shapes fall. Each draws in the image's coordinate space.
const detailMotifs = {
  grill(W, H, p, rnd) {
    // Vegetable skewers on a grill grate.
    const grate = Array.from({ length: 9 }, (_, i) => {
      const y = H * (0.18 + i * 0.085);
      return `<line x1="${round(W * 0.08)}" y1="${round(y)}" x2="${round(W * 0.92)}" y2="${round(y)}" stroke="${p.ink}" stroke-opacity="0.45" stroke-width="${round(H * 0.012)}"/>`;
    });
    const skewers = [0.3, 0.5, 0.7].map((level) => {
      const y = H * level;
      const pieces = Array.from({ length: 6 }, (_, i) => {
        const x = W * (0.2 + i * 0.12);
        const color = p.blobs[(i + Math.floor(rnd() * 3)) % 3];
        return `<ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(W * 0.045)}" ry="${round(H * 0.06)}" fill="${color}"/><line x1="${round(x - W * 0.02)}" y1="${round(y - H * 0.03)}" x2="${round(x + W * 0.02)}" y2="${round(y - H * 0.03)}" stroke="${p.ink}" stroke-opacity="0.5" stroke-width="${round(H * 0.008)}"/>`;
      });
      return `<line x1="${round(W * 0.12)}" y1="${round(y)}" x2="${round(W * 0.9)}" y2="${round(y)}" stroke="${p.light}" stroke-width="${round(H * 0.008)}"/>${pieces.join('')}`;
    });
    return grate.join('') + skewers.join('');
  },
  pan(W, H, p, rnd) {
    // A cast-iron pan over glowing embers.
    const cx = W * 0.45;
    const cy = H * 0.5;
    const r = H * 0.3;
    const embers = Array.from(
      { length: 14 },
      () =>
        `<ellipse cx="${round(W * (0.15 + rnd() * 0.7))}" cy="${round(H * (0.84 + rnd() * 0.1))}" rx="${round(H * 0.05)}" ry="${round(H * 0.025)}" fill="${[p.blobs[0], p.blobs[2], p.light][Math.floor(rnd() * 3)]}" opacity="0.85"/>`,
    );
    const food = Array.from(
      { length: 7 },
      () =>
        `<circle cx="${round(cx + (rnd() - 0.5) * r)}" cy="${round(cy + (rnd() - 0.5) * r)}" r="${round(r * 0.13)}" fill="${p.blobs[2]}" opacity="0.9"/>`,
    );
    return `${embers.join('')}<rect x="${round(cx + r * 0.9)}" y="${round(cy - H * 0.025)}" width="${round(W * 0.35)}" height="${round(H * 0.05)}" rx="${round(H * 0.02)}" fill="#1f1512"/><circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="#1f1512"/><circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r * 0.85)}" fill="#3a2a22"/>${food.join('')}`;
  },
  basket(W, H, p, rnd) {
    // A woven basket full of herbs.
    const top = H * 0.5;
    const herbs = Array.from({ length: 30 }, () => {
      const x = W * (0.27 + rnd() * 0.46);
      const y = H * (0.32 + rnd() * 0.2);
      const angle = Math.round(rnd() * 360);
      const color = [p.blobs[0], p.blobs[1], p.ink][Math.floor(rnd() * 3)];
      return `<ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(H * 0.07)}" ry="${round(H * 0.028)}" fill="${color}" transform="rotate(${angle} ${round(x)} ${round(y)})"/>`;
    }).join('');
    const weave = Array.from({ length: 5 }, (_, i) => {
      const y = top + H * (0.06 + i * 0.06);
      return `<path d="M${round(W * 0.22 + i * W * 0.012)} ${round(y)} Q${round(W / 2)} ${round(y + H * 0.05)} ${round(W * 0.78 - i * W * 0.012)} ${round(y)}" fill="none" stroke="${p.ink}" stroke-opacity="0.35" stroke-width="${round(H * 0.012)}"/>`;
    });
    return `${herbs}<path d="M${round(W * 0.2)} ${round(top)} L${round(W * 0.8)} ${round(top)} L${round(W * 0.7)} ${round(H * 0.88)} L${round(W * 0.3)} ${round(H * 0.88)}Z" fill="${p.blobs[2]}"/>${weave.join('')}<path d="M${round(W * 0.25)} ${round(top)} Q${round(W / 2)} ${round(H * 0.05)} ${round(W * 0.75)} ${round(top)}" fill="none" stroke="${p.blobs[2]}" stroke-width="${round(H * 0.025)}"/>`;
  },
  bread(W, H, p) {
    // A loaf with scores, a block of butter and a bowl of salt on a board.
    const board = `<rect x="${round(W * 0.08)}" y="${round(H * 0.55)}" width="${round(W * 0.84)}" height="${round(H * 0.3)}" rx="${round(H * 0.04)}" fill="${p.blobs[1]}" opacity="0.9"/>`;
    const loaf = `<ellipse cx="${round(W * 0.4)}" cy="${round(H * 0.55)}" rx="${round(W * 0.24)}" ry="${round(H * 0.2)}" fill="${p.blobs[0]}"/>${[
      0, 1, 2,
    ]
      .map(
        (i) =>
          `<path d="M${round(W * (0.28 + i * 0.09))} ${round(H * 0.44)} q${round(W * 0.04)} ${round(H * 0.06)} ${round(W * 0.02)} ${round(H * 0.16)}" fill="none" stroke="${p.light}" stroke-opacity="0.7" stroke-width="${round(H * 0.014)}" stroke-linecap="round"/>`,
      )
      .join('')}`;
    const butter = `<rect x="${round(W * 0.68)}" y="${round(H * 0.58)}" width="${round(W * 0.14)}" height="${round(H * 0.1)}" rx="${round(H * 0.015)}" fill="#f6e08f"/>`;
    const salt = `<ellipse cx="${round(W * 0.75)}" cy="${round(H * 0.76)}" rx="${round(W * 0.07)}" ry="${round(H * 0.045)}" fill="${p.light}"/>`;
    return board + loaf + butter + salt;
  },
  flatbread(W, H, p, rnd) {
    // Flatbread on a hot stone over low flames.
    const flames = motifs
      .fire(W, H * 0.55, p, rnd)
      .replace(/<path d="/g, `<path transform="translate(0 ${round(H * 0.45)})" d="`)
      .replace(/<circle[^>]*>/g, '');
    const stone = `<ellipse cx="${round(W / 2)}" cy="${round(H * 0.55)}" rx="${round(W * 0.38)}" ry="${round(H * 0.12)}" fill="#6b6460"/>`;
    const bread = `<ellipse cx="${round(W / 2)}" cy="${round(H * 0.5)}" rx="${round(W * 0.26)}" ry="${round(H * 0.08)}" fill="#e9c48a"/>`;
    const spots = Array.from(
      { length: 9 },
      () =>
        `<circle cx="${round(W * (0.32 + rnd() * 0.36))}" cy="${round(H * (0.47 + rnd() * 0.06))}" r="${round(H * 0.01)}" fill="#7a4a22" opacity="0.7"/>`,
    );
    return flames + stone + bread + spots.join('');
  },
  berries(W, H, p, rnd) {
    // A bowl heaped with berries.
    const bowl = `<path d="M${round(W * 0.2)} ${round(H * 0.52)} Q${round(W / 2)} ${round(H * 1.05)} ${round(W * 0.8)} ${round(H * 0.52)}Z" fill="${p.light}"/>`;
    const berries = Array.from({ length: 34 }, () => {
      const x = W * (0.25 + rnd() * 0.5);
      const y = H * (0.34 + rnd() * 0.2);
      const color = ['#8f1d2c', '#3b2a5a', '#c7354a'][Math.floor(rnd() * 3)];
      return `<circle cx="${round(x)}" cy="${round(y)}" r="${round(H * (0.03 + rnd() * 0.015))}" fill="${color}"/>`;
    });
    return berries.join('') + bowl + leaves(W, H * 0.4, '#5f7d3a', rnd, 3);
  },
  pot(W, H, p, rnd) {
    // A pot on a tripod over the fire, steam rising.
    const fire = motifs
      .fire(W, H * 0.4, p, rnd)
      .replace(/<path d="/g, `<path transform="translate(0 ${round(H * 0.6)})" d="`)
      .replace(/<circle[^>]*>/g, '');
    const tripod = `<path d="M${round(W * 0.3)} ${round(H)} L${round(W / 2)} ${round(H * 0.12)} L${round(W * 0.7)} ${round(H)}" fill="none" stroke="${p.ink}" stroke-width="${round(H * 0.015)}"/>`;
    const pot = `<line x1="${round(W / 2)}" y1="${round(H * 0.12)}" x2="${round(W / 2)}" y2="${round(H * 0.45)}" stroke="${p.ink}" stroke-width="${round(H * 0.008)}"/><path d="M${round(W * 0.38)} ${round(H * 0.45)} L${round(W * 0.62)} ${round(H * 0.45)} L${round(W * 0.6)} ${round(H * 0.7)} Q${round(W / 2)} ${round(H * 0.76)} ${round(W * 0.4)} ${round(H * 0.7)}Z" fill="#2b2220"/>`;
    const steam = waves(W * 0.3, H * 0.3, p.light, rnd, 2, 0.6, W * 0.35, H * 0.02);
    return fire + tripod + pot + steam;
  },
  pasta(W, H, p, rnd) {
    // Nests of fresh pasta on a floured board.
    const board = `<rect x="${round(W * 0.06)}" y="${round(H * 0.2)}" width="${round(W * 0.88)}" height="${round(H * 0.66)}" rx="${round(H * 0.04)}" fill="${p.blobs[2]}" opacity="0.9"/>`;
    const flour = Array.from(
      { length: 40 },
      () =>
        `<circle cx="${round(W * (0.1 + rnd() * 0.8))}" cy="${round(H * (0.24 + rnd() * 0.58))}" r="${round(H * 0.006)}" fill="#fffaf0" opacity="0.8"/>`,
    );
    const nests = [
      [0.3, 0.42],
      [0.55, 0.6],
      [0.74, 0.38],
    ].map(([x, y]) =>
      Array.from(
        { length: 5 },
        (_, i) =>
          `<circle cx="${round(W * x)}" cy="${round(H * y)}" r="${round(H * (0.03 + i * 0.022))}" fill="none" stroke="#f3d27a" stroke-width="${round(H * 0.014)}"/>`,
      ).join(''),
    );
    return board + flour.join('') + nests.join('');
  },
  flowers(W, H, p, rnd) {
    // A jug of wild flowers on a linen-covered table.
    const cloth = `<rect x="0" y="${round(H * 0.7)}" width="${round(W)}" height="${round(H * 0.3)}" fill="${p.light}" opacity="0.9"/>`;
    const jug = `<path d="M${round(W * 0.44)} ${round(H * 0.5)} L${round(W * 0.56)} ${round(H * 0.5)} Q${round(W * 0.6)} ${round(H * 0.74)} ${round(W * 0.54)} ${round(H * 0.78)} L${round(W * 0.46)} ${round(H * 0.78)} Q${round(W * 0.4)} ${round(H * 0.74)} ${round(W * 0.44)} ${round(H * 0.5)}Z" fill="${p.blobs[0]}"/>`;
    const stems = Array.from({ length: 11 }, () => {
      const x = W * (0.3 + rnd() * 0.4);
      const y = H * (0.12 + rnd() * 0.25);
      const color = ['#f2c94c', '#e9edf2', '#b46aa8', '#d9614a'][Math.floor(rnd() * 4)];
      return `<path d="M${round(W / 2)} ${round(H * 0.52)} Q${round((x + W / 2) / 2)} ${round(y + H * 0.15)} ${round(x)} ${round(y)}" fill="none" stroke="#5f7d3a" stroke-width="${round(H * 0.006)}"/><circle cx="${round(x)}" cy="${round(y)}" r="${round(H * 0.028)}" fill="${color}"/>`;
    });
    const napkins = [0.2, 0.8].map(
      (x) =>
        `<rect x="${round(W * x - W * 0.07)}" y="${round(H * 0.78)}" width="${round(W * 0.14)}" height="${round(H * 0.1)}" rx="${round(H * 0.01)}" fill="${p.blobs[2]}" opacity="0.8"/>`,
    );
    return cloth + napkins.join('') + stems.join('') + jug;
  },
  person(W, H, p, rnd, entry) {
    // A flat illustrated portrait in the style of the other images (no photo-like silhouette).
    const look = entry.person ?? {};
    const skin = look.skin ?? '#e9b996';
    const hair = look.hair ?? '#5a3b26';
    const shirt = look.shirt ?? p.blobs[1];
    const cx = W / 2;
    const headY = H * 0.4;
    const rx = W * 0.15;
    const ry = H * 0.15;
    const back =
      look.hairStyle === 'long'
        ? `<path d="M${round(cx - rx * 1.25)} ${round(headY)} Q${round(cx - rx * 1.4)} ${round(H * 0.72)} ${round(cx - rx * 0.6)} ${round(H * 0.7)} L${round(cx + rx * 0.6)} ${round(H * 0.7)} Q${round(cx + rx * 1.4)} ${round(H * 0.72)} ${round(cx + rx * 1.25)} ${round(headY)} Q${round(cx)} ${round(headY - ry * 1.5)} ${round(cx - rx * 1.25)} ${round(headY)}Z" fill="${hair}"/>`
        : '';
    const shoulders = `<path d="M${round(W * 0.1)} ${round(H)} C${round(W * 0.12)} ${round(H * 0.66)} ${round(W * 0.88)} ${round(H * 0.66)} ${round(W * 0.9)} ${round(H)}Z" fill="${shirt}"/>`;
    const neck = `<rect x="${round(cx - rx * 0.38)}" y="${round(headY + ry * 0.6)}" width="${round(rx * 0.76)}" height="${round(H * 0.14)}" rx="${round(rx * 0.2)}" fill="${skin}"/><path d="M${round(cx - rx * 0.6)} ${round(H * 0.69)} Q${round(cx)} ${round(H * 0.78)} ${round(cx + rx * 0.6)} ${round(H * 0.69)}" fill="none" stroke="${p.light}" stroke-opacity="0.6" stroke-width="${round(H * 0.01)}"/>`;
    const head = `<ellipse cx="${round(cx)}" cy="${round(headY)}" rx="${round(rx)}" ry="${round(ry)}" fill="${skin}"/>`;
    const top =
      look.hairStyle === 'long'
        ? `<path d="M${round(cx - rx * 1.05)} ${round(headY - ry * 0.05)} Q${round(cx - rx * 0.9)} ${round(headY - ry * 1.3)} ${round(cx + rx * 0.2)} ${round(headY - ry * 1.08)} Q${round(cx + rx * 1.1)} ${round(headY - ry * 0.9)} ${round(cx + rx * 1.05)} ${round(headY + ry * 0.1)} Q${round(cx + rx * 0.3)} ${round(headY - ry * 0.75)} ${round(cx - rx * 1.05)} ${round(headY - ry * 0.05)}Z" fill="${hair}"/>`
        : `<path d="M${round(cx - rx * 1.02)} ${round(headY - ry * 0.1)} Q${round(cx - rx)} ${round(headY - ry * 1.25)} ${round(cx)} ${round(headY - ry * 1.12)} Q${round(cx + rx)} ${round(headY - ry * 1.25)} ${round(cx + rx * 1.02)} ${round(headY - ry * 0.1)} Q${round(cx + rx * 0.6)} ${round(headY - ry * 0.62)} ${round(cx - rx * 1.02)} ${round(headY - ry * 0.1)}Z" fill="${hair}"/>`;
    // The beard leaves the mouth free: its upper edge dips below the smile.
    const beard = look.beard
      ? `<path d="M${round(cx - rx * 0.97)} ${round(headY + ry * 0.15)} Q${round(cx - rx * 0.85)} ${round(headY + ry * 1.15)} ${round(cx)} ${round(headY + ry * 1.12)} Q${round(cx + rx * 0.85)} ${round(headY + ry * 1.15)} ${round(cx + rx * 0.97)} ${round(headY + ry * 0.15)} Q${round(cx + rx * 0.5)} ${round(headY + ry * 0.6)} ${round(cx)} ${round(headY + ry * 0.62)} Q${round(cx - rx * 0.5)} ${round(headY + ry * 0.6)} ${round(cx - rx * 0.97)} ${round(headY + ry * 0.15)}Z" fill="${hair}" opacity="0.9"/>`
      : '';
    const eyes = [-1, 1]
      .map(
        (side) =>
          `<path d="M${round(cx + side * rx * 0.42 - rx * 0.14)} ${round(headY - ry * 0.02)} q${round(rx * 0.14)} ${round(-ry * 0.1)} ${round(rx * 0.28)} 0" fill="none" stroke="#3a2a20" stroke-width="${round(H * 0.006)}" stroke-linecap="round"/><circle cx="${round(cx + side * rx * 0.55)}" cy="${round(headY + ry * 0.22)}" r="${round(rx * 0.13)}" fill="#e58a7a" opacity="0.35"/>`,
      )
      .join('');
    const smile = `<path d="M${round(cx - rx * 0.25)} ${round(headY + ry * 0.38)} q${round(rx * 0.25)} ${round(ry * 0.16)} ${round(rx * 0.5)} 0" fill="none" stroke="#7a3a2a" stroke-width="${round(H * 0.006)}" stroke-linecap="round"/>`;
    const sprigs = leaves(W, H * 0.55, p.blobs[2], rnd, 5);
    return sprigs + back + shoulders + neck + head + beard + top + eyes + smile;
  },
};

function hill(W, H, level, color, rnd, opacity) {
  const y = H * level;
  const c1 = y - H * (0.05 + rnd() * 0.12);
  const c2 = y - H * (0.05 + rnd() * 0.12);
  return `<path d="M0 ${round(y)} C${round(W * 0.3)} ${round(c1)} ${round(W * 0.6)} ${round(c2)} ${round(W)} ${round(y - H * 0.04)} L${round(W)} ${round(H)} L0 ${round(H)}Z" fill="${color}" opacity="${opacity}"/>`;
}

function waves(W, H, color, rnd, count, opacity, dx = 0, dy = 0) {
  return Array.from({ length: count }, (_, i) => {
    const y = dy + H * (0.3 + i * 0.2);
    const a = H * (0.06 + rnd() * 0.05);
    return `<path d="M${round(dx)} ${round(y)} C${round(dx + W * 0.25)} ${round(y - a)} ${round(dx + W * 0.5)} ${round(y + a)} ${round(dx + W * 0.75)} ${round(y)} S${round(dx + W)} ${round(y - a)} ${round(dx + W * 1.1)} ${round(y)}" fill="none" stroke="${color}" stroke-width="${round(Math.max(H, 200) * 0.008)}" stroke-linecap="round" opacity="${opacity}"/>`;
  }).join('');
}

function leaves(W, H, color, rnd, count) {
  return Array.from({ length: count }, () => {
    const x = rnd() * W;
    const y = rnd() * H;
    const s = H * (0.04 + rnd() * 0.05);
    const angle = Math.round(rnd() * 360);
    return `<ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(s)}" ry="${round(s * 0.42)}" fill="${color}" opacity="0.7" transform="rotate(${angle} ${round(x)} ${round(y)})"/>`;
  }).join('');
}

/** SVG markup drawn in the image's own coordinate space and rendered at width x height pixels. */
export function renderPlaceholderSvg(entry, width, height) {
  const W = entry.width;
  const H = entry.height;
  const p = palettes[entry.theme] ?? palettes.neutral;
  const rnd = seededRandom(entry.id);
  const draw = detailMotifs[entry.motif] ?? motifs[entry.theme] ?? motifs.neutral;
  const motif = draw(W, H, p, rnd, entry);
  const blur = round(Math.max(W, H) * 0.06);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0.4" y2="1">
      <stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/>
    </linearGradient>
    <filter id="soft" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="${blur}"/></filter>
    <radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75">
      <stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <g filter="url(#soft)">${softBlobs(W, H, p, rnd)}</g>
  <g>${motif}</g>
  <rect width="${W}" height="${H}" fill="url(#vignette)"/>
</svg>`;
}
