import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from './coming-soon';
import type { IconComponent } from './icons';
import { PageHeader } from './page-header';

/** A player page whose feature is not released yet: its real title and what it will do. */
export function ComingSoonPage({ page, icon, title }: { page: string; icon: IconComponent; title?: string }) {
  const { t } = useTranslation();
  return (
    <Container size="lg" className="page">
      <PageHeader title={title ?? t(`pages.${page}.title`)} icon={icon} />
      <ComingSoon description={t(`pages.${page}.description`)} />
    </Container>
  );
}
