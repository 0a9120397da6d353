// `node scripts/make-icons.mjs`: draws the installed app's PNG icons from the brand's SVG mark with Chromium
// (the browser the tests already use), so the icons follow the logo instead of being edited by hand.
// Writes apps/web/public/icons/icon-192.png, icon-512.png (purpose "any": the mark on a transparent
// background) and icon-maskable-512.png (the mark inside the central 80 % safe zone on the app's navy, which
// a launcher may crop to a circle or a squircle). Run again whenever brand/favicon.svg changes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const publicDir = join(root, 'apps/web/public');
const mark = readFileSync(join(publicDir, 'brand/favicon.svg'), 'utf8');
// The 192 px icon is the one Chromium fetches on every first visit (to check that the app can be installed),
// while the page is still starting: drawn in the gradient's middle gold, flat colours make it a third of the
// bytes. The 512 px icons, fetched only when installing, keep the gradient.
const flatMark = mark.replaceAll('url(#g)', '#e8b931');
const NAVY = '#0b1020';

const icons = [
  { file: 'icon-192.png', size: 192, markShare: 0.94, background: 'transparent', svg: flatMark },
  { file: 'icon-512.png', size: 512, markShare: 0.94, background: 'transparent', svg: mark },
  // The safe zone is a circle of 80 % of the width; the hexagon's corners stay inside it at 62 %.
  { file: 'icon-maskable-512.png', size: 512, markShare: 0.62, background: NAVY, svg: mark },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const markSize = Math.round(icon.size * icon.markShare);
    await page.setContent(`<!doctype html>
      <style>
        html, body { margin: 0; width: ${icon.size}px; height: ${icon.size}px; background: ${icon.background}; }
        body { display: grid; place-items: center; }
        svg { width: ${markSize}px; height: ${markSize}px; }
      </style>
      <body>${icon.svg}</body>`);
    const png = await page.screenshot({ omitBackground: icon.background === 'transparent', type: 'png' });
    writeFileSync(join(publicDir, 'icons', icon.file), png);
    console.log(`wrote icons/${icon.file} (${png.length} bytes)`);
    await page.close();
  }
} finally {
  await browser.close();
}
