/**
 * The server's first paint (decision 0058): the API renders the landing and login pages with this module, built
 * for Node by `vite.first-paint.config.ts`, and sends them inside index.html, so a visitor sees the page while
 * the app's script is still downloading. The markup is the app's own components in the visitor's language with
 * the host's agency, signed out: the app's first render replaces it with the same page (main.tsx).
 */
import type { TAgency } from '@lc/shared/contracts/agency';
import type { TLanguage } from '@lc/shared/languages';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { agencyInfoQueryOptions } from '../features/agency/api/get-agency-info';
import { playerInfoQueryOptions } from '../features/auth/api/get-player-info';
import { HTML_LANG, initI18nWith } from '../i18n/i18n';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from '../providers';
import { createAppRouter } from '../router';

export type TFirstPaint = { markup: string; htmlLang: string };

type TFirstPaintOptions = {
  agency: TAgency;
  path: string;
  language: TLanguage;
  /** The language's namespaces, as `/locales/{language}/{namespace}.json` holds them. */
  translations: Record<string, Record<string, unknown>>;
};

// i18next's language is one for the module: renders run one after another, so that one started meanwhile
// cannot switch it between another's language change and its markup. The server keeps what was rendered, so
// they are few.
let lastRender: Promise<unknown> = Promise.resolve();

/** The page at `path` as the signed-out visitor of `agency` first sees it in `language`. */
export function renderFirstPaint(options: TFirstPaintOptions): Promise<TFirstPaint> {
  const render = lastRender.then(() => renderNow(options));
  lastRender = render.catch(() => undefined);
  return render;
}

async function renderNow(options: TFirstPaintOptions): Promise<TFirstPaint> {
  await initI18nWith(options.language, options.translations);
  const queryClient = createQueryClient();
  queryClient.setQueryData(agencyInfoQueryOptions().queryKey, { agency: options.agency });
  // Signed out: the server paints no page for a request that carries a session.
  queryClient.setQueryData(playerInfoQueryOptions().queryKey, null);
  const router = createAppRouter({ queryClient, agency: options.agency, serverPath: options.path });
  await router.load();
  const markup = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient} primaryColor={options.agency.theme.primaryColor}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  queryClient.clear();
  return { markup, htmlLang: HTML_LANG[options.language] };
}
