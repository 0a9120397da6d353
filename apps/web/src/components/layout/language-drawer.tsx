import type { TLanguage } from '@lc/shared/languages';
import { Button, Drawer, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '@/i18n/i18n';
import { useOpenedAfterMount } from './use-opened-after-mount';

const DRAWER_LANGUAGES: TLanguage[] = ['lo', 'th'];

/** Quick switch between Lao and Thai (spec section 2). */
export function LanguageDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const isOpen = useOpenedAfterMount(opened);
  return (
    <Drawer
      opened={isOpen}
      onClose={onClose}
      position="bottom"
      classNames={{ content: 'bottom-sheet' }}
      title={t('language.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="language-drawer"
    >
      <SimpleGrid cols={2} pb="md">
        {DRAWER_LANGUAGES.map((lng) => (
          <Button
            key={lng}
            size="lg"
            lang={lng}
            variant={i18n.resolvedLanguage === lng ? 'filled' : 'default'}
            onClick={() => {
              void i18n.changeLanguage(lng);
              onClose();
            }}
          >
            {LANGUAGE_NAMES[lng]}
          </Button>
        ))}
      </SimpleGrid>
    </Drawer>
  );
}
