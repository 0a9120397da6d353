import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names the browser tab after the page: the deepest route's `staticData.title`, then the agency, e.g.
 * "ຝາກເງິນ · Lao Credit". A screen reader announces it on navigation and a player with several tabs tells them
 * apart; before, every route was titled the same.
 */
export function useDocumentTitle(agencyName: string) {
  const { t } = useTranslation();
  // A string, so the selection compares by value and the title changes only when the words do.
  const title = useMatches({
    select: (matches) => {
      const match = matches.findLast((candidate) => candidate.staticData.title !== undefined);
      const name = match?.staticData.title?.(t, match.params as Record<string, string>);
      return name ? `${name} · ${agencyName}` : agencyName;
    },
  });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
