import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useMediaQuery, useWindowScroll } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { IconArrowUp } from '../icons';

export const SCROLL_TOP_THRESHOLD = 500;

/** Appears once the page is scrolled more than 500 px. */
export function ScrollToTop() {
  const { t } = useTranslation();
  const [scroll, scrollTo] = useWindowScroll();
  // Stay above the bottom app bar where it is shown (≤ 576 px).
  const hasBottomBar = useMediaQuery('(max-width: 576px)');
  return (
    <Affix position={{ right: 16, bottom: hasBottomBar ? 84 : 24 }}>
      <Transition transition="slide-up" mounted={scroll.y > SCROLL_TOP_THRESHOLD}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size={48}
            radius="xl"
            variant="filled"
            aria-label={t('nav.scrollTop')}
            data-testid="scroll-top"
            onClick={() => scrollTo({ y: 0 })}
          >
            <IconArrowUp size={22} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
