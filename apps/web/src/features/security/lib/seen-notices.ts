/** localStorage key of the newest notice time the player has seen, per player (shared devices). */
export function seenNoticesKey(playerId: string): string {
  return `lc.notices.seen.${playerId}`;
}

/** The ISO time of the newest notice already seen on this device, or null. */
export function readSeenNoticesAt(storage: Storage, playerId: string): string | null {
  try {
    return storage.getItem(seenNoticesKey(playerId));
  } catch {
    return null;
  }
}

export function writeSeenNoticesAt(storage: Storage, playerId: string, at: string): void {
  try {
    storage.setItem(seenNoticesKey(playerId), at);
  } catch {
    // Private mode or a full storage: the banner shows again next time, nothing worse.
  }
}

/** Notices newer than the last seen time (all of them when none was seen yet). */
export function unseenNotices<T extends { at: string }>(notices: T[], seenAt: string | null): T[] {
  if (!seenAt) return notices;
  const seen = Date.parse(seenAt);
  return notices.filter((notice) => Date.parse(notice.at) > seen);
}
