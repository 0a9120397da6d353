import type { TManifest, TManifestIcon } from '@lc/shared/contracts/manifest';
import type { AgencyRow } from '../../db/schema/agency';
import { appNamesOf } from './agency-app-names';

/**
 * The app's dark navy (index.html's theme-color), so the splash screen and title bar match the page. Not the
 * agency's primary colour (decision 0069): the page under the title bar stays navy whatever the brand, its
 * theme-color meta tag replaces the manifest's as soon as it loads, and a bright title bar would flash in
 * before it; the brand colour is in the page itself.
 */
const THEME_COLOR = '#0b1020';

// Written by `node scripts/make-icons.mjs` into apps/web/public/icons.
const ICONS: TManifestIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** The web app manifest of one agency: its name, Lao short name (Thai as a localized one), icons, theme. */
export function buildManifest(agency: AgencyRow): TManifest {
  const names = appNamesOf(agency);
  return {
    // A fixed id: an agency's app stays the same installed app whatever start_url later becomes.
    id: '/',
    name: agency.name,
    short_name: names.lo,
    short_name_localized: { th: names.th },
    description: agency.name,
    lang: 'lo',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: THEME_COLOR,
    theme_color: THEME_COLOR,
    icons: ICONS,
  };
}
