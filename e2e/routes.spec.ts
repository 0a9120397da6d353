import { expect, test } from '@playwright/test';
import { registerViaForm } from './support';

const PLAYER_ROUTES = [
  '/player',
  '/player/bank',
  '/player/deposit',
  '/player/deposit/history',
  '/player/withdraw',
  '/player/withdraw/history',
  '/player/promotion',
  '/player/promotion/history',
  '/player/game/gclub_live',
  '/player/game/gclub',
  '/player/game/betflix?tab=pp.txt',
  '/player/game/askmebet?tab=Slot',
  '/player/game/alphabet',
];

test('every player route of the spec renders a page with a heading, none blank or broken', async ({
  page,
}) => {
  await registerViaForm(page);
  for (const path of PLAYER_ROUTES) {
    await page.goto(path);
    await expect(page.locator('main h1'), path).toBeVisible();
    await expect(page.getByTestId('error-boundary'), path).toHaveCount(0);
  }
});

test('an unknown path shows Not Found', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByTestId('not-found')).toBeVisible();
});
