import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IconArrowUp } from '../icons';
import { useIsScrolledPast } from './use-is-scrolled-past';

export const SCROLL_TOP_THRESHOLD = 500;

/** Appears once the page is scrolled more than 500 px. */
export function ScrollToTop() {
  const { t } = useTranslation();
  // 1 px high at 500 px from the top of the page: entirely above the viewport once scrolled more than 500 px.
  const marker = useRef<HTMLDivElement>(null);
  const isScrolledPast = useIsScrolledPast(marker);
  // Stay above the bottom app bar where it is shown (≤ 576 px).
  const hasBottomBar = useMediaQuery('(max-width: 576px)');
  return (
    <>
      <div ref={marker} className="scroll-top-marker" style={{ top: SCROLL_TOP_THRESHOLD }} aria-hidden />
      <Affix position={{ right: 16, bottom: hasBottomBar ? 84 : 24 }}>
        <Transition transition="slide-up" mounted={isScrolledPast}>
          {(styles) => (
            <ActionIcon
              style={styles}
              size={48}
              radius="xl"
              variant="filled"
              aria-label={t('nav.scrollTop')}
              data-testid="scroll-top"
              onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
            >
              <IconArrowUp size={22} />
            </ActionIcon>
          )}
        </Transition>
      </Affix>
    </>
  );
}
