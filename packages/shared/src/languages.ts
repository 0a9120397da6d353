/** Interface languages; `lo` is the default (spec section 1). */
export const LANGUAGES = ['lo', 'cn', 'vn', 'th'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'lo';
/** Translation namespaces served from /locales/{lng}/{ns}.json. */
export const NAMESPACES = ['common', 'errors'] as const;
