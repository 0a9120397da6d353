import { createHash } from 'node:crypto';
import { PROVIDERS } from '@lc/shared/providers';
import { GAME_CATALOGUE } from './game-catalogue';
import { escapeHtml } from './html';

const NAMES = new Map(
  PROVIDERS.flatMap((p) => GAME_CATALOGUE[p].games.map((g) => [g.code, g.name] as const)),
);

/** Up to two lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.length > 2
    ? [
        lines[0] ?? '',
        `${lines
          .slice(1)
          .join(' ')
          .slice(0, width - 1)}…`,
      ]
    : lines;
}

/**
 * The cover picture of a sandbox game, drawn from its code: colours from a hash of the code, the initials in
 * a medallion and the name underneath. No external images, so the demo works offline and under the CSP.
 */
export function renderGameImage(code: string): string {
  const name = NAMES.get(code) ?? code.replace(/[-_]+/g, ' ').replace(/\b[a-z]/g, (c) => c.toUpperCase());
  const digest = createHash('sha256').update(code).digest();
  const hue = ((digest[0] ?? 0) * 360) / 256;
  const accent = (hue + 40 + (digest[1] ?? 0) / 4) % 360;
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Z0-9]/.test(w)) // "Gates of Thunder" → GT
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  const lines = wrap(name, 16);
  const text = lines
    .map((line, i) => `<tspan x="120" dy="${i === 0 ? 0 : 22}">${escapeHtml(line)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${escapeHtml(name)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue.toFixed(0)} 70% 46%)"/><stop offset="1" stop-color="hsl(${accent.toFixed(0)} 65% 22%)"/>
</linearGradient></defs>
<rect width="240" height="240" rx="24" fill="url(#bg)"/>
<circle cx="120" cy="96" r="58" fill="rgba(255,255,255,0.14)" stroke="rgba(255,215,120,0.9)" stroke-width="4"/>
<text x="120" y="114" text-anchor="middle" font-family="Georgia, serif" font-size="48" font-weight="700" fill="#ffe08a">${escapeHtml(initials)}</text>
<text x="120" y="${lines.length > 1 ? 184 : 196}" text-anchor="middle" font-family="Arial, sans-serif" font-size="19" font-weight="700" fill="#ffffff">${text}</text>
</svg>`;
}
