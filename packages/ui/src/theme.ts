import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'gold',
  // One shade for both schemes: autoContrast computes the text colour from it (dark text on gold).
  primaryShade: 5,
  colors: { gold, dark },
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

/** Brighter error red on the navy background so messages keep a 4.5:1 contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: {
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-anchor': 'var(--mantine-color-gold-4)',
  },
});
