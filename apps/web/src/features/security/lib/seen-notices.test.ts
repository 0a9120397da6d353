import { describe, expect, it } from 'vitest';
import { unseenNotices } from './seen-notices';

describe('unseenNotices', () => {
  const notices = [{ at: '2026-01-15T09:00:00.000Z' }, { at: '2026-01-15T08:00:00.000Z' }];

  it('keeps every notice when none was seen on this device', () => {
    expect(unseenNotices(notices, null)).toEqual(notices);
  });

  it('keeps only notices after the last seen time', () => {
    expect(unseenNotices(notices, '2026-01-15T08:00:00.000Z')).toEqual([notices[0]]);
    expect(unseenNotices(notices, '2026-01-15T09:00:00.000Z')).toEqual([]);
  });
});
