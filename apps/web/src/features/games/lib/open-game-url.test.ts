import { describe, expect, it, vi } from 'vitest';
import { openGameUrl } from './open-game-url';

describe('openGameUrl', () => {
  it('opens a new tab without a handle back to this page', () => {
    const tab = { opener: {} as unknown };
    const target = { open: vi.fn(() => tab as unknown as Window), location: { assign: vi.fn() } };
    expect(openGameUrl('https://game.example/play', target)).toBe('new-tab');
    expect(target.open).toHaveBeenCalledWith('https://game.example/play', '_blank');
    expect(tab.opener).toBeNull();
    expect(target.location.assign).not.toHaveBeenCalled();
  });

  it('navigates this tab when the pop-up is blocked', () => {
    const target = { open: vi.fn(() => null), location: { assign: vi.fn() } };
    expect(openGameUrl('https://game.example/play', target)).toBe('same-tab');
    expect(target.location.assign).toHaveBeenCalledWith('https://game.example/play');
  });
});
