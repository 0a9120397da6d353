import type { MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's ten shades of one colour, derived from an agency's brand colour at run time (decision 0069), with no
 * colour library: the colour is shade 5 itself (the theme's primary shade: filled buttons, badges), shades 0–4
 * are lighter and 6–9 darker at even steps of OKLab lightness (perceptually even, unlike mixing in sRGB), with
 * less chroma towards the ends, each brought into the sRGB gamut by lowering its chroma. Shade 4 is what the
 * app writes text and links in on its navy page, so it is lightened until it keeps 4.5:1 contrast there
 * (WCAG AA) however dark the brand colour is.
 */

type Rgb = [number, number, number];

/** The lightness of shade 0, the palest tint. */
const LIGHTEST = 0.97;
/** Shade 9 is this share of the colour's lightness. */
const DARKEST_SHARE = 0.52;
const TEXT_CONTRAST = 4.5;

const HEX = /^#([0-9a-f]{6})$/i;

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const toGamma = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

/** `#rrggbb` → linear-light sRGB channels, 0–1. */
function linearOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((c) => toLinear(c / 255)) as Rgb;
}

function hexOf(linear: Rgb): string {
  return `#${linear
    .map((c) =>
      Math.round(Math.min(1, Math.max(0, toGamma(Math.min(1, Math.max(0, c))))) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

// OKLab (Björn Ottosson, 2020): from and to linear sRGB.
function oklabOf([r, g, b]: Rgb): Rgb {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

function linearOfOklab([L, a, b]: Rgb): Rgb {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

const isInGamut = (rgb: Rgb) => rgb.every((c) => c >= -1e-4 && c <= 1 + 1e-4);

/** The colour of OKLCH lightness `L`, chroma `C` and hue `h`, its chroma lowered until sRGB can show it. */
function colourAt(L: number, C: number, h: number): string {
  const at = (chroma: number) => linearOfOklab([L, chroma * Math.cos(h), chroma * Math.sin(h)]);
  if (isInGamut(at(C))) return hexOf(at(C));
  let [low, high] = [0, C];
  for (let step = 0; step < 20; step++) {
    const mid = (low + high) / 2;
    if (isInGamut(at(mid))) low = mid;
    else high = mid;
  }
  return hexOf(at(low));
}

/** OKLab lightness of `#rrggbb` (0 black – 1 white): what the shades step through. */
export function lightnessOf(hex: string): number {
  return oklabOf(linearOf(hex))[0];
}

/** WCAG relative luminance of `#rrggbb`. */
export function luminanceOf(hex: string): number {
  const [r, g, b] = linearOf(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours (1–21). */
export function contrastOf(a: string, b: string): number {
  const [high, low] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** True for the one colour form the settings take: `#rrggbb`. */
export const isHexColor = (text: string): boolean => HEX.test(text);

/** `rgba(…)` of `#rrggbb` at `alpha`, for washes and borders in the brand colour. */
export function alphaOf(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

/** Ten shades of `hex` (`#rrggbb`, shade 5 itself); shade 4 readable on `background` (see above). */
export function brandPalette(hex: string, background: string): MantineColorsTuple {
  const base = hex.toLowerCase();
  const [L, a, b] = oklabOf(linearOf(base));
  const C = Math.hypot(a, b);
  const h = Math.atan2(b, a);
  // Shade 4: a seventh of the way to the palest tint, then lighter until text in it reads on the page.
  const top = Math.max(LIGHTEST, L);
  let text = L + (top - L) / 7;
  while (contrastOf(colourAt(text, C * 0.9, h), background) < TEXT_CONTRAST && text < 1) text += 0.01;
  const palest = Math.max(top, text);
  const darkest = L * DARKEST_SHARE;
  const shades: string[] = [];
  for (let shade = 0; shade <= 4; shade++) {
    const lightness = text + ((palest - text) * (4 - shade)) / 4;
    shades[shade] = colourAt(lightness, C * (shade === 4 ? 0.9 : 0.3 + 0.15 * shade), h);
  }
  shades[5] = base;
  for (let step = 1; step <= 4; step++)
    shades[5 + step] = colourAt(L - ((L - darkest) * step) / 4, C * (1 - 0.25 * (step / 4)), h);
  return shades as unknown as MantineColorsTuple;
}
