import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The console's languages: the player app's four plus English; Lao is the default (backoffice.md). */
export const CONSOLE_LANGUAGES = ['lo', 'th', 'cn', 'vn', 'en'] as const;
export type TConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];
export const DEFAULT_CONSOLE_LANGUAGE: TConsoleLanguage = 'lo';
export const CONSOLE_NAMESPACES = ['common', 'errors'] as const;

/** Native names shown in the language menu. */
export const LANGUAGE_NAMES: Record<TConsoleLanguage, string> = {
  lo: 'ລາວ',
  th: 'ไทย',
  cn: '中文',
  vn: 'Tiếng Việt',
  en: 'English',
};

/** BCP 47 tags for `<html lang>`: the app's language codes are not all ISO codes (cn, vn). */
const HTML_LANG: Record<TConsoleLanguage, string> = { lo: 'lo', th: 'th', cn: 'zh-CN', vn: 'vi', en: 'en' };

/** The console's own key: the player app's `i18nextLng` on the same origin is never read or written. */
export const LANGUAGE_STORAGE_KEY = 'lc.backoffice.lng';

export function isConsoleLanguage(value: string | null | undefined): value is TConsoleLanguage {
  return (CONSOLE_LANGUAGES as readonly string[]).includes(value ?? '');
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage disabled: the default language
  }
}

function storeLanguage(lng: string) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // storage disabled: the choice lasts for this visit only
  }
}

function syncHtmlLang(lng: string) {
  document.documentElement.lang = HTML_LANG[isConsoleLanguage(lng) ? lng : DEFAULT_CONSOLE_LANGUAGE];
}

/** Reads `/backoffice/locales/{lng}/{ns}.json`; network failures and 5xx are retried by i18next. */
const localesBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    const url = `${import.meta.env.BASE_URL}locales/${lng}/${ns}.json`;
    fetch(url).then(
      async (response) => {
        if (!response.ok) {
          callback(`GET ${url} answered ${response.status}`, response.status >= 500);
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

/** Loads the translations of the stored (or default) language; a later choice is stored under its own key. */
export async function initI18n() {
  i18next.on('languageChanged', syncHtmlLang);
  const stored = storedLanguage();
  await i18next
    .use(localesBackend)
    .use(initReactI18next)
    .init({
      lng: isConsoleLanguage(stored) ? stored : DEFAULT_CONSOLE_LANGUAGE,
      supportedLngs: [...CONSOLE_LANGUAGES],
      fallbackLng: DEFAULT_CONSOLE_LANGUAGE,
      load: 'currentOnly',
      nonExplicitSupportedLngs: false,
      ns: [...CONSOLE_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      maxRetries: 5,
      retryTimeout: 350,
      react: { useSuspense: false },
    });
  i18next.on('languageChanged', (lng) => {
    if (isConsoleLanguage(lng)) storeLanguage(lng);
  });
  syncHtmlLang(i18next.language);
  return i18next;
}
