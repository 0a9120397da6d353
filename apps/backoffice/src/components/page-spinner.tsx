import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The pending state of a route: a spinner, and in words for screen readers (a label on it is not allowed). */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader color="gold" type="dots" size="lg" />
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
    </Center>
  );
}
