import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import { alphaOf, brandPalette, isHexColor } from './brand-palette';

/** The platform's gold: the brand colour of an agency that chose none (the agencies table's default). */
export const DEFAULT_PRIMARY_COLOR = '#e8b931';
/** The page's navy (index.html's theme-color): the brand's text shade must read on it. */
const PAGE_BACKGROUND = '#0b1020';

// Hand-tuned around DEFAULT_PRIMARY_COLOR (its shade 5).
const gold: MantineColorsTuple = [
  '#fff8e1',
  '#ffefc0',
  '#ffe08a',
  '#fcd25a',
  '#f5c53a',
  '#e8b931',
  '#cc9f1f',
  '#a87f12',
  '#86640c',
  '#5e4506',
];

// Deep navy instead of Mantine's grey dark palette: [0] is body text, [7] the page background.
const dark: MantineColorsTuple = [
  '#e6e9f2',
  '#c3c9da',
  '#9aa3bf',
  '#6f7896',
  '#3e4868',
  '#2b3458',
  '#1d2546',
  '#131a35',
  '#0e1429',
  '#090d1c',
];

export const FONT_FAMILY =
  "'Noto Sans Lao', 'Noto Sans Thai', system-ui, -apple-system, 'Segoe UI', Roboto, 'PingFang SC', 'Microsoft YaHei', sans-serif";

/**
 * The primary palette: the hand-tuned gold for the default colour (or none, or one that is not `#rrggbb`),
 * else the ten shades derived from the agency's colour (brand-palette.ts).
 */
export function primaryPaletteOf(primaryColor?: string | null): MantineColorsTuple {
  if (!primaryColor || !isHexColor(primaryColor) || primaryColor.toLowerCase() === DEFAULT_PRIMARY_COLOR)
    return gold;
  return brandPalette(primaryColor, PAGE_BACKGROUND);
}

/**
 * The apps' theme in an agency's brand colour (decision 0069). The primary palette keeps the name `gold`, so
 * everything that names it (`color="gold"`, `--mantine-color-gold-4`, the `--lc-gold` variables below) takes
 * the agency's colour; the player app builds it from its agency's answer at start, the console uses `theme`.
 */
export function themeFor(primaryColor?: string | null) {
  return createTheme({
    primaryColor: 'gold',
    // One shade for both schemes: autoContrast computes the text colour from it (dark text on gold).
    primaryShade: 5,
    colors: { gold: primaryPaletteOf(primaryColor), dark },
    autoContrast: true,
    luminanceThreshold: 0.35,
    fontFamily: FONT_FAMILY,
    headings: { fontFamily: FONT_FAMILY, fontWeight: '700' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    black: '#090d1c',
    components: {
      // By name, not Select.extend(): importing Select here would put it in every first visit's script.
      Select: {
        // Without this, a select looks up its current option on a 0 ms timer after opening. A busy phone handles
        // key presses before due timers, so the look-up could land after the player's arrow key and overwrite the
        // highlight they moved: Enter then took nothing (e2e "a busy phone runs its timers late"). This path looks
        // for the first option at once instead; the list is not drawn yet at that moment, so nothing is highlighted
        // until the first arrow key, whose highlight is then the one Enter takes.
        defaultProps: { selectFirstOptionOnDropdownOpen: true },
      },
    },
  });
}

/** The theme in the platform's gold (the back office, and the player app before its agency is known). */
export const theme = themeFor();

/**
 * Brighter error red on the navy background so messages keep a 4.5:1 contrast; the player app's own colour
 * variables (its styles.css) in the primary palette: `--lc-gold` for text and accents (shade 4, readable on the
 * page), and washes of it for hovers, borders and the page's glow.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const accent = current.colors.gold?.[4] ?? gold[4];
  return {
    variables: {
      '--lc-gold': accent,
      '--lc-gold-soft': alphaOf(accent, 0.12),
      '--lc-gold-glow': alphaOf(accent, 0.1),
      '--lc-gold-wash': alphaOf(accent, 0.16),
      '--lc-gold-shadow': alphaOf(accent, 0.35),
      '--lc-gold-edge': alphaOf(accent, 0.5),
      '--lc-border': alphaOf(accent, 0.18),
    },
    light: {},
    dark: {
      '--mantine-color-error': 'var(--mantine-color-red-4)',
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      '--mantine-color-anchor': 'var(--mantine-color-gold-4)',
    },
  };
};
