import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { TAgency } from '@lc/shared/contracts/agency';
import {
  FIRST_PAINT_ELEMENT_ID,
  LANGUAGE_COOKIE,
  START_UP_SCRIPT_PATH,
  START_UP_TEMPLATE_ID,
} from '@lc/shared/first-paint';
import { DEFAULT_LANGUAGE, LANGUAGES, NAMESPACES, type TLanguage } from '@lc/shared/languages';
import type { FastifyRequest } from 'fastify';
import { toAgencyDto } from '../modules/agency/to-agency-dto';
import { hostOf } from './security';
import { sessionTokenOf } from './session';

/** What apps/web/src/first-paint/render-first-paint.tsx exports (built to `dist-server/first-paint.js`). */
type RenderFirstPaint = (options: {
  agency: TAgency;
  path: string;
  language: TLanguage;
  translations: Record<string, Record<string, unknown>>;
}) => Promise<{ markup: string; htmlLang: string }>;

/** index.html with a page painted in, once per encoding a browser may ask for. */
export type PaintedPage = { identity: Buffer; br: Buffer; gzip: Buffer };

const ROOT_ELEMENT = '<div id="root"></div>';
const PLAYER_INFO_PATH = '/api/v2/players/info';
/** index.html's preloads of what the app fetches at start and its module script (the build's one entry). */
const START_UP_TAGS =
  /<link rel="preload" href="[^"]*" as="fetch"[^>]*>|<script type="module"[^>]*><\/script>/g;
/** Moves them into the document once the painted page is on screen (apps/web/src/first-paint/start-up.ts). */
const START_UP_SCRIPT = `<script type="module" src="${START_UP_SCRIPT_PATH}"></script>`;
// One entry per agency version × page × language: a handful per agency. The bound only stops a stream of
// agency edits from growing it.
const MAX_PAGES = 200;

/**
 * The server's first paint (decision 0058): for a signed-out visitor of `/` or `/login`, index.html carries the
 * page itself, rendered by the web app's own components (apps/web/src/first-paint), inside an inert element the
 * app removes when its first render commits. The visitor sees the page while the start-up script downloads
 * instead of an empty screen. Each page is rendered and compressed once per agency version and language.
 *
 * `pageFor` answers null, and the caller sends the plain index.html, when the module is not built, the request
 * carries a session (a signed-in player is sent elsewhere by the app), the host has no agency, or the render
 * failed (logged; the next request tries again).
 */
export function createFirstPaint({ webDist, modulePath }: { webDist: string; modulePath: string }) {
  const isAvailable = existsSync(modulePath) && existsSync(path.join(webDist, 'index.html'));
  const template = isAvailable ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';
  let renderer: Promise<RenderFirstPaint> | undefined;
  const pages = new Map<string, Promise<PaintedPage>>();

  async function render(agency: TAgency, pagePath: string, language: TLanguage): Promise<PaintedPage> {
    renderer ??= import(pathToFileURL(modulePath).href).then(
      (module: { renderFirstPaint: RenderFirstPaint }) => module.renderFirstPaint,
    );
    const render = await renderer;
    const translations = Object.fromEntries(
      await Promise.all(
        NAMESPACES.map(async (namespace) => {
          const file = path.join(webDist, 'locales', language, `${namespace}.json`);
          return [namespace, JSON.parse(await readFile(file, 'utf8'))] as const;
        }),
      ),
    );
    const { markup, htmlLang } = await render({ agency, path: pagePath, language, translations });
    // The CSP allows no inline script: one in the markup would only be refused, with an error in the console.
    if (markup.includes('<script')) throw new Error(`the first paint of ${pagePath} holds a script`);
    const html = paintInto(template, { markup, htmlLang, language });
    const identity = Buffer.from(html);
    const [br, gzipped] = await Promise.all([
      promisify(brotliCompress)(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      promisify(gzip)(identity, { level: 9 }),
    ]);
    return { identity, br, gzip: gzipped };
  }

  return {
    async pageFor(request: FastifyRequest, pagePath: string): Promise<PaintedPage | null> {
      if (!isAvailable || sessionTokenOf(request) !== undefined) return null;
      // `/` must open even when the database does not answer: the plain shell then shows the app's own error.
      const row = await request.server.resolveAgency(hostOf(request)).catch(() => null);
      if (!row) return null;
      const agency = toAgencyDto(row);
      const language = languageOf(request);
      const key = `${pagePath}\n${language}\n${JSON.stringify(agency)}`;
      let page = pages.get(key);
      if (!page) {
        if (pages.size >= MAX_PAGES) pages.clear();
        page = render(agency, pagePath, language);
        pages.set(key, page);
        page.catch((error: unknown) => {
          pages.delete(key);
          request.log.error(
            { err: error, path: pagePath, language },
            'first paint failed: plain index.html sent',
          );
        });
      }
      return page.catch(() => null);
    },
  };
}

/**
 * index.html with the painted page before the app's root, its start-up tags held back in a template until the
 * page is on screen, and the preloaded translations those of the page's language.
 */
function paintInto(
  template: string,
  { markup, htmlLang, language }: { markup: string; htmlLang: string; language: TLanguage },
): string {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  const startUpTags = template.match(START_UP_TAGS) ?? [];
  if (startUpTags.filter((tag) => tag.startsWith('<script')).length !== 1)
    throw new Error('index.html should have one module script');
  const page = `<div id="${FIRST_PAINT_ELEMENT_ID}" inert>${markup}</div>`;
  const held = startUpTags
    // A painted page goes only to a request without a session: the app knows its visitor is signed out and
    // does not ask (main.tsx).
    .filter((tag) => !tag.includes(`href="${PLAYER_INFO_PATH}"`))
    .map((tag) => tag.replace(`/locales/${DEFAULT_LANGUAGE}/`, `/locales/${language}/`))
    .join('');
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${htmlLang}"`)
    .replace(START_UP_TAGS, (tag) => (tag.startsWith('<script') ? START_UP_SCRIPT : ''))
    .replace(ROOT_ELEMENT, `${page}${ROOT_ELEMENT}<template id="${START_UP_TEMPLATE_ID}">${held}</template>`);
}

function languageOf(request: FastifyRequest): TLanguage {
  const value = request.cookies[LANGUAGE_COOKIE];
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as TLanguage) : DEFAULT_LANGUAGE;
}
