import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONSOLE_LANGUAGES, isConsoleLanguage, LANGUAGE_NAMES } from '@/i18n/i18n';

/** The console's language; the choice is kept under the console's own storage key (i18n.ts). */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = isConsoleLanguage(i18n.language) ? i18n.language : 'lo';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="sm" aria-label={t('language')} data-testid="language-menu">
          {LANGUAGE_NAMES[current]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {CONSOLE_LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng === 'cn' ? 'zh-CN' : lng === 'vn' ? 'vi' : lng}
            onClick={() => void i18n.changeLanguage(lng)}
            aria-current={lng === current ? 'true' : undefined}
            data-testid={`language-${lng}`}
          >
            {LANGUAGE_NAMES[lng]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
