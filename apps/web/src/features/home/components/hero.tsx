import { Button, Group, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconLogin, IconUserPlus } from '@/components/icons';

export function Hero() {
  const { t } = useTranslation();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-content">
        <Text className="hero-eyebrow" size="sm" fw={700}>
          {t('landing.eyebrow')}
        </Text>
        <Title order={1} id="hero-title" className="hero-title">
          {t('landing.title')}
        </Title>
        <Text className="hero-subtitle">{t('landing.subtitle')}</Text>
        <Group gap="sm" mt="lg" className="hero-actions">
          <Button component={Link} to="/register" size="lg" leftSection={<IconUserPlus />}>
            {t('landing.ctaRegister')}
          </Button>
          <Button component={Link} to="/login" size="lg" variant="outline" leftSection={<IconLogin />}>
            {t('landing.ctaLogin')}
          </Button>
        </Group>
      </div>
      <div className="hero-art" aria-hidden="true">
        <svg viewBox="0 0 320 240" focusable="false" aria-hidden="true">
          <defs>
            <linearGradient id="hero-coin" x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stopColor="#ffe08a" />
              <stop offset=".6" stopColor="#e8b931" />
              <stop offset="1" stopColor="#a87f12" />
            </linearGradient>
            <radialGradient id="hero-glow" cx=".5" cy=".5" r=".5">
              <stop offset="0" stopColor="#f5c53a" stopOpacity=".45" />
              <stop offset="1" stopColor="#f5c53a" stopOpacity="0" />
            </radialGradient>
          </defs>
          <circle cx="160" cy="120" r="118" fill="url(#hero-glow)" />
          <g transform="translate(96 52)">
            <path d="M64 0 124 34v68L64 136 4 102V34z" fill="url(#hero-coin)" />
            <path d="M64 14 112 41v54L64 122 16 95V41z" fill="#131a35" />
            <path d="M42 40h11v40h22v11H42z" fill="url(#hero-coin)" />
            <path
              d="M90 55a16 16 0 1 0 0 23"
              fill="none"
              stroke="url(#hero-coin)"
              strokeWidth="10"
              strokeLinecap="round"
            />
          </g>
          <circle cx="58" cy="178" r="26" fill="url(#hero-coin)" />
          <circle cx="58" cy="178" r="17" fill="none" stroke="#a87f12" strokeWidth="3" />
          <circle cx="268" cy="64" r="18" fill="url(#hero-coin)" />
          <circle cx="268" cy="64" r="11" fill="none" stroke="#a87f12" strokeWidth="3" />
          <circle cx="252" cy="196" r="12" fill="url(#hero-coin)" />
          <path d="M40 60l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" fill="#fff8e1" />
          <path d="M284 140l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="#fff8e1" />
        </svg>
      </div>
    </section>
  );
}
