import { LANGUAGE_COOKIE } from '@lc/shared/first-paint';
import { DEFAULT_LANGUAGE, LANGUAGES, NAMESPACES, type TLanguage } from '@lc/shared/languages';
import i18next, { type BackendModule, type InitOptions, type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { keepWordsWhole } from '@/lib/keep-words-whole';

/** Native names shown in the language dropdown. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = {
  lo: 'ລາວ',
  cn: '中文',
  vn: 'Tiếng Việt',
  th: 'ไทย',
};

/** BCP 47 tags for `<html lang>`: the app's language codes are not all ISO codes (cn, vn). */
export const HTML_LANG: Record<TLanguage, string> = { lo: 'lo', cn: 'zh-CN', vn: 'vi', th: 'th' };

export function isLanguage(value: string | undefined): value is TLanguage {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

export function currentLanguage(): TLanguage {
  const lng = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

function syncHtmlLang(lng: string) {
  document.documentElement.lang = isLanguage(lng) ? HTML_LANG[lng] : HTML_LANG[DEFAULT_LANGUAGE];
}

/** Where the chosen language is kept between visits (the key i18next's own detector used). */
const STORAGE_KEY = 'i18nextLng';

/**
 * The language chosen on an earlier visit: the stored one, else the cookie's copy — what the server painted
 * the page in (decision 0058), so a visitor whose storage is blocked or was cleared keeps the language and the
 * page does not change language when the app takes over.
 */
function rememberedLanguage(): TLanguage {
  let stored: string | undefined;
  try {
    stored = localStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    // storage disabled: the cookie is all there is
  }
  if (isLanguage(stored)) return stored;
  const prefix = `${LANGUAGE_COOKIE}=`;
  const copy = document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(prefix))
    ?.slice(prefix.length);
  return isLanguage(copy) ? copy : DEFAULT_LANGUAGE;
}

/** Tells the server the language of its first paint (decision 0058): a copy, written again at every start. */
function mirrorToCookie(lng: string) {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax${secure}`;
}

function storeLanguage(lng: string) {
  mirrorToCookie(lng);
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // storage disabled: the choice lasts for this visit only
  }
}

/**
 * Reads `/locales/{lng}/{ns}.json`. i18next retries a read whose callback says so (second argument `true`):
 * network failures and 5xx are retried, a 4xx is not. Written here rather than taken from
 * i18next-http-backend and i18next-browser-languagedetector: together they were 13 KB of start-up script
 * for one fetch and one localStorage key (decision 0015).
 */
const localesBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    fetch(`/locales/${lng}/${ns}.json`).then(
      async (response) => {
        if (!response.ok) {
          callback(`GET /locales/${lng}/${ns}.json answered ${response.status}`, response.status >= 500);
          return;
        }
        try {
          callback(null, await response.json());
        } catch (error) {
          callback(String(error), false);
        }
      },
      (error: unknown) => callback(String(error), true),
    );
  },
};

/** Every translated text keeps the words a Lao or Thai line must not split (decision 0032). */
const wholeWords: PostProcessorModule = {
  type: 'postProcessor',
  name: 'wholeWords',
  // A `t` fixed to a language (getFixedT, or `lng` in the call) says so in its options.
  process: (value, _key, options, translator: { language?: string }) =>
    keepWordsWhole(value, (options as { lng?: string }).lng ?? translator.language),
};

/** What the browser's and the server's set-ups of i18next share. */
const sharedOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  load: 'currentOnly',
  nonExplicitSupportedLngs: false,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  postProcess: ['wholeWords'],
  react: { useSuspense: false },
} satisfies InitOptions;

/** Sets up i18next with translations already at hand (the server's first paint): no fetches, no storage. */
export async function initI18nWith(
  language: TLanguage,
  translations: Record<string, Record<string, unknown>>,
) {
  if (!i18next.isInitialized) {
    await i18next
      .use(wholeWords)
      .use(initReactI18next)
      .init({
        ...sharedOptions,
        lng: language,
        resources: {},
      });
  }
  for (const [namespace, resources] of Object.entries(translations))
    i18next.addResourceBundle(language, namespace, resources, true, true);
  await i18next.changeLanguage(language);
}

/** Loads the translations; resolves once the current language's namespaces are ready. */
export async function initI18n() {
  i18next.on('languageChanged', syncHtmlLang);
  await i18next
    .use(localesBackend)
    .use(wholeWords)
    .use(initReactI18next)
    .init({
      ...sharedOptions,
      lng: rememberedLanguage(),
      // 5 retries starting at 350 ms and doubling; at most 10 files in flight (spec section 1).
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
    });
  // Only a choice is remembered, not the start-up language: writing that back once the translations had
  // loaded could undo a choice stored meanwhile (by another tab, or a browser test before its reload).
  i18next.on('languageChanged', (lng) => {
    if (isLanguage(lng)) storeLanguage(lng);
  });
  // The cookie follows what this start chose (storage wins over it), and its year starts again.
  mirrorToCookie(currentLanguage());
  syncHtmlLang(i18next.language);
  return i18next;
}
