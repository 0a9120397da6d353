import { LOGO_MAX_BYTES } from '@lc/shared/contracts/ops-agency';

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A logo as design tools export one: gradients, a symbol used by fragment, inline styles, a title. */
export const SAFE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 40">
  <title>Lucky &amp; Co</title>
  <defs>
    <linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#e03131"/><stop offset="1" stop-color="#f08c00"/></linearGradient>
    <symbol id="star"><path d="M5 0 L6 4 L10 4 L7 6 L8 10 L5 8 L2 10 L3 6 L0 4 L4 4 Z"/></symbol>
    <style>.word { font: 700 20px sans-serif; fill: url(#g); }</style>
  </defs>
  <rect width="120" height="40" rx="8" fill="url('#g')" opacity="0.2" style="stroke: url( #g )"/>
  <use href="#star" x="4" y="14"/><use xlink:href="#star" x="16" y="14"/>
  <text class="word" x="32" y="27">Lucky</text>
</svg>`;

/** A PNG of exactly `bytes` (the 1×1 one with its tail padded; browsers ignore what follows IEND). */
export function pngOfSize(bytes = LOGO_MAX_BYTES): Buffer {
  return Buffer.concat([TINY_PNG, Buffer.alloc(bytes - TINY_PNG.length, 0x20)]);
}
