import type { TSocialLinks } from '@lc/shared/contracts/agency';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type IconComponent,
  IconFacebook,
  IconLine,
  IconTelegram,
  IconTwitter,
  IconWhatsapp,
} from '../icons';

type Channel = keyof TSocialLinks;

const CHANNELS: { key: Channel; icon: IconComponent }[] = [
  { key: 'whatsapp', icon: IconWhatsapp },
  { key: 'line', icon: IconLine },
  { key: 'facebook', icon: IconFacebook },
  { key: 'telegram', icon: IconTelegram },
  { key: 'twitter', icon: IconTwitter },
];

/** The agency's social contact links that are set, in a fixed order. */
export function activeChannels(social: TSocialLinks) {
  return CHANNELS.flatMap(({ key, icon }) => {
    const url = social[key];
    return url ? [{ key, icon, url }] : [];
  });
}

/** Contact links (WhatsApp, Line, Facebook, Telegram, Twitter); each opens in a new tab. */
export function ContactLinks({
  social,
  variant = 'list',
}: {
  social: TSocialLinks;
  variant?: 'list' | 'icons';
}) {
  const { t } = useTranslation();
  const channels = activeChannels(social);
  if (channels.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('contact.none')}
      </Text>
    );
  }
  if (variant === 'icons') {
    return (
      <ul className="contact-icons">
        {channels.map(({ key, icon: Icon, url }) => (
          <li key={key}>
            <a
              className={`contact-icon contact-${key}`}
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t(`contact.${key}`)}
            >
              <Icon size={20} />
            </a>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Stack gap="xs" component="ul" className="contact-list">
      {channels.map(({ key, icon: Icon, url }) => (
        <li key={key}>
          <Anchor
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={`contact-row contact-${key}`}
            underline="never"
          >
            <span className="contact-icon">
              <Icon size={20} />
            </span>
            <span>{t(`contact.${key}`)}</span>
          </Anchor>
        </li>
      ))}
    </Stack>
  );
}
