import { describe, expect, it } from 'vitest';
import { brandPalette, contrastOf, isHexColor, lightnessOf } from './brand-palette';
import { DEFAULT_PRIMARY_COLOR, primaryPaletteOf, theme, themeFor } from './theme';

const NAVY = '#0b1020';
const COLOURS = [
  '#1c7ed6',
  '#e03131',
  '#2f9e44',
  '#7048e8',
  '#000000',
  '#ffffff',
  '#1d2546',
  '#0000ff',
  '#ffff00',
];

describe('brandPalette', () => {
  it.each(COLOURS)('%s: ten #rrggbb shades, itself the fifth, from light to dark', (colour) => {
    const shades = brandPalette(colour.toUpperCase(), NAVY);
    expect(shades).toHaveLength(10);
    for (const shade of shades) expect(isHexColor(shade), shade).toBe(true);
    expect(shades[5]).toBe(colour);
    const lightness = shades.map(lightnessOf);
    for (let i = 1; i < 10; i++)
      expect(lightness[i], `shade ${i}`).toBeLessThanOrEqual((lightness[i - 1] ?? 1) + 0.005);
  });

  it.each(COLOURS)('%s: shade 4, the text and link colour, keeps 4.5:1 on the navy page', (colour) => {
    expect(contrastOf(brandPalette(colour, NAVY)[4], NAVY)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the hue: a blue gives blue shades, a red red ones', () => {
    const blue = brandPalette('#1c7ed6', NAVY);
    const red = brandPalette('#e03131', NAVY);
    for (const shade of [1, 3, 7, 9]) {
      const [r, , b] = [1, 3, 5].map((at) => Number.parseInt((blue[shade] ?? '').slice(at, at + 2), 16));
      expect(b, `blue ${shade}`).toBeGreaterThan(r ?? 0);
      const [rr, , bb] = [1, 3, 5].map((at) => Number.parseInt((red[shade] ?? '').slice(at, at + 2), 16));
      expect(rr, `red ${shade}`).toBeGreaterThan(bb ?? 0);
    }
  });
});

describe('the theme of an agency', () => {
  it('is the hand-tuned gold without a colour, with the default one or with one that is not #rrggbb', () => {
    const gold = theme.colors?.gold;
    expect(gold?.[5]).toBe(DEFAULT_PRIMARY_COLOR);
    for (const colour of [undefined, null, '', '#E8B931', 'red', '#fff'])
      expect(primaryPaletteOf(colour), String(colour)).toEqual(gold);
  });

  it("puts the agency's colour in the primary palette, named gold so every use of it follows", () => {
    const blue = themeFor('#1c7ed6');
    expect(blue.primaryColor).toBe('gold');
    expect(blue.colors?.gold?.[5]).toBe('#1c7ed6');
    expect(blue.autoContrast).toBe(true);
  });
});
