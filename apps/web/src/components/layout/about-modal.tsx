import type { TSocialLinks } from '@lc/shared/contracts/agency';
import { Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AboutTopic } from './about-topics';
import { ContactLinks } from './contact-links';

/** Short about / terms / responsible gaming / contact texts opened from the footer. */
export function AboutModal({
  topic,
  onClose,
  social,
}: {
  topic: AboutTopic | null;
  onClose: () => void;
  social: TSocialLinks;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={topic !== null}
      onClose={onClose}
      title={topic ? t(`about.${topic}.title`) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      size="lg"
    >
      {topic ? (
        <Stack gap="sm">
          <Text>{t(`about.${topic}.body`)}</Text>
          {topic === 'contact' ? <ContactLinks social={social} /> : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
