import { chooseFloatingMode, intersects, type Box } from '@/components/layout/floating-clearance';

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
