import type { TSocialLinks } from '@lc/shared/contracts/agency';
import { Drawer, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContactLinks } from './contact-links';

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
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="auto"
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
