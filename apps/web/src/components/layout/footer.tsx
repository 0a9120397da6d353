import type { TAgency } from '@lc/shared/contracts/agency';
import { GAME_CATEGORIES, PROVIDERS, type TBank } from '@lc/shared/providers';
import { Anchor, Button, Divider, Text, Title } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../brand-logo';
import { IconGlobe } from '../icons';
import { ABOUT_TOPICS, type AboutTopic } from './about-topics';
import { ContactLinks } from './contact-links';
import { LazyAboutModal, loadAboutModal } from './lazy-overlays';
import { useHasOpened } from './use-has-opened';

/** The banks the agency accepts (its settings): those its players may hold their account with. */
function BankBadges({ banks }: { banks: TBank[] }) {
  const { t } = useTranslation();
  return (
    <ul className="bank-badges" data-testid="footer-banks">
      {banks.map((bank) => (
        <li key={bank}>
          <img
            src={`/banks/${bank}.svg`}
            alt={t(`bankNames.${bank}`)}
            width={48}
            height={30}
            loading="lazy"
          />
        </li>
      ))}
    </ul>
  );
}

function AboutLinks({ onOpen }: { onOpen: (topic: AboutTopic) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="footer-links">
      {ABOUT_TOPICS.map((topic) => (
        <li key={topic}>
          <Anchor
            component="button"
            type="button"
            c="dimmed"
            size="sm"
            onClick={() => onOpen(topic)}
            onPointerEnter={() => void loadAboutModal()}
          >
            {t(`about.${topic}.title`)}
          </Anchor>
        </li>
      ))}
    </ul>
  );
}

function TextList({ items }: { items: string[] }) {
  return (
    <ul className="footer-links">
      {items.map((item) => (
        <li key={item}>
          <Text size="sm" c="dimmed">
            {item}
          </Text>
        </li>
      ))}
    </ul>
  );
}

/** Site footer: desktop layout from 769 px, a compact one up to 768 px. */
export function Footer({ agency, onOpenLanguage }: { agency: TAgency; onOpenLanguage: () => void }) {
  const { t } = useTranslation();
  const [topic, setTopic] = useState<AboutTopic | null>(null);
  const hasAboutOpened = useHasOpened(topic !== null);
  const categories = GAME_CATEGORIES.map((category) => t(`categories.${category}.name`));
  const providers = PROVIDERS.map((provider) => t(`providers.${provider}`));
  const year = new Date().getFullYear();
  const languageButton = (
    <Button variant="default" size="xs" leftSection={<IconGlobe size={16} />} onClick={onOpenLanguage}>
      {t('language.choose')}
    </Button>
  );

  return (
    <footer className="site-footer">
      <div className="footer-desktop" data-testid="footer-desktop">
        <div className="footer-grid">
          <div className="footer-brand">
            <BrandLogo src={agency.logoUrl} alt={agency.name} width={150} height={48} />
            <Text size="sm" c="dimmed" mt="sm">
              {t('footer.tagline')}
            </Text>
            <div className="footer-language">{languageButton}</div>
          </div>
          <div>
            <Title order={2} size="h6" className="footer-heading">
              {t('footer.banks')}
            </Title>
            <BankBadges banks={agency.acceptedBanks} />
          </div>
          <div>
            <Title order={2} size="h6" className="footer-heading">
              {t('footer.categories')}
            </Title>
            <TextList items={categories} />
          </div>
          <div>
            <Title order={2} size="h6" className="footer-heading">
              {t('footer.providers')}
            </Title>
            <TextList items={providers} />
          </div>
          <div>
            <Title order={2} size="h6" className="footer-heading">
              {t('footer.about')}
            </Title>
            <AboutLinks onOpen={setTopic} />
            <div className="footer-contact">
              <ContactLinks social={agency.social} variant="icons" />
            </div>
          </div>
        </div>
        <Divider my="lg" color="dark.5" />
        <Text size="xs" c="dimmed" ta="center">
          {t('footer.copyright', { year, name: agency.name })} · {t('footer.adultsOnly')}
        </Text>
      </div>

      <div className="footer-mobile" data-testid="footer-mobile">
        <BrandLogo src={agency.logoUrl} alt={agency.name} width={125} height={40} />
        <Text size="sm" c="dimmed" ta="center">
          {t('footer.tagline')}
        </Text>
        <Title order={2} size="h6" className="footer-heading">
          {t('footer.banks')}
        </Title>
        <BankBadges banks={agency.acceptedBanks} />
        <Title order={2} size="h6" className="footer-heading">
          {t('footer.categories')}
        </Title>
        <Text size="sm" c="dimmed" ta="center">
          {categories.join(' · ')}
        </Text>
        <Title order={2} size="h6" className="footer-heading">
          {t('footer.providers')}
        </Title>
        <Text size="sm" c="dimmed" ta="center">
          {providers.join(' · ')}
        </Text>
        <AboutLinks onOpen={setTopic} />
        <ContactLinks social={agency.social} variant="icons" />
        {languageButton}
        <Text size="xs" c="dimmed" ta="center">
          {t('footer.copyright', { year, name: agency.name })} · {t('footer.adultsOnly')}
        </Text>
      </div>
      {hasAboutOpened ? (
        <Suspense fallback={null}>
          <LazyAboutModal topic={topic} onClose={() => setTopic(null)} social={agency.social} />
        </Suspense>
      ) : null}
    </footer>
  );
}
