import { LANGUAGES } from '@lc/shared/languages';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES } from '@/i18n/i18n';
import { useIsAfterFirstPaint } from '@/lib/use-is-after-first-paint';
import { IconGlobe } from '../icons';

/** The top bar's language dropdown: lo, cn, vn, th by their native names. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'lo';
  // The first paint shows only the current language (the dropdown is closed and its width fixed in CSS); the
  // others join right after it. Measuring four scripts' names, Chinese and Thai through fallback fonts, was a
  // quarter of the first layout, and the Thai name fetched the Thai font on every Lao page before it showed.
  const isAfterFirstPaint = useIsAfterFirstPaint();
  const languages = isAfterFirstPaint ? LANGUAGES : [value];
  return (
    <NativeSelect
      className="language-select"
      aria-label={t('language.label')}
      data-testid="language-select"
      value={value}
      onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
      leftSection={<IconGlobe size={16} />}
      size="sm"
      data={languages.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }))}
    />
  );
}
