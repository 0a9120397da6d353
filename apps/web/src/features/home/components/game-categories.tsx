import { GAME_CATEGORIES } from '@lc/shared/providers';
import { SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CategoryArt } from './category-art';

/** The six game categories of the home page, as cards. */
export function GameCategories() {
  const { t } = useTranslation();
  return (
    <section className="landing-section" aria-labelledby="categories-title">
      <Title order={2} id="categories-title" className="section-title">
        {t('landing.categoriesTitle')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('landing.categoriesSubtitle')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing={{ base: 'sm', md: 'md' }}>
        {GAME_CATEGORIES.map((category) => (
          <article
            key={category}
            className={`category-card category-${category}`}
            data-testid="game-category"
          >
            <CategoryArt category={category} />
            <Title order={3} size="h5" className="category-name">
              {t(`categories.${category}.name`)}
            </Title>
            <Text size="xs" c="dimmed" className="category-desc">
              {t(`categories.${category}.description`)}
            </Text>
          </article>
        ))}
      </SimpleGrid>
    </section>
  );
}
