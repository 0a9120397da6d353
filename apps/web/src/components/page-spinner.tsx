import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from './brand-logo';

/** Full-screen pending state of a route: the brand logo over a spinner. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <BrandLogo alt={t('app.name')} width={150} height={48} />
      <Loader color="gold" type="dots" size="lg" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
