type Opener = Pick<Window, 'open'> & { location: Pick<Location, 'assign'> };

/**
 * Opens a launched game in a new tab so the player's page (and its credit) stays behind it; when the
 * browser blocks the pop-up (the URL arrives after an await, which strict browsers no longer count as the
 * click), the game opens in this tab instead. Returns where it went.
 */
export function openGameUrl(url: string, target: Opener = window): 'new-tab' | 'same-tab' {
  const opened = target.open(url, '_blank');
  if (opened) {
    // Not `noopener` in the features: that makes open() return null, hiding whether it was blocked.
    opened.opener = null;
    return 'new-tab';
  }
  target.location.assign(url);
  return 'same-tab';
}
