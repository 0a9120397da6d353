import type { TSocialLinks } from '@lc/shared/contracts/agency';
import { Drawer, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContactLinks } from './contact-links';
import { useOpenedAfterMount } from './use-opened-after-mount';

export function ContactDrawer({
  opened,
  onClose,
  social,
}: {
  opened: boolean;
  onClose: () => void;
  social: TSocialLinks;
}) {
  const { t } = useTranslation();
  const isOpen = useOpenedAfterMount(opened);
  return (
    <Drawer
      opened={isOpen}
      onClose={onClose}
      position="bottom"
      classNames={{ content: 'bottom-sheet' }}
      title={t('contact.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="contact-drawer"
    >
      <Text size="sm" c="dimmed" mb="md">
        {t('contact.subtitle')}
      </Text>
      <ContactLinks social={social} />
    </Drawer>
  );
}
