import { DEFAULT_LANGUAGE, LANGUAGES, NAMESPACES, type TLanguage } from '@lc/shared/languages';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

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

/** Loads the translations; resolves once the current language's namespaces are ready. */
export async function initI18n() {
  i18next.on('languageChanged', syncHtmlLang);
  await i18next
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      load: 'currentOnly',
      nonExplicitSupportedLngs: false,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      // 5 retries starting at 350 ms and doubling; at most 10 files in flight (spec section 1).
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      detection: {
        order: ['localStorage'],
        lookupLocalStorage: 'i18nextLng',
        caches: ['localStorage'],
      },
      backend: {
        loadPath: '/locales/{{lng}}/{{ns}}.json',
        reloadInterval: false,
      },
      react: { useSuspense: false },
    });
  syncHtmlLang(i18next.language);
  return i18next;
}
