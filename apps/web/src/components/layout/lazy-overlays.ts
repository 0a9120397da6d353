import { lazy } from 'react';

// Drawers, dialogs and the player-only bar are split out of the start-up bundle (budget: 150 KB for `/`).
// Each loader is exported so a trigger can start the download on hover or focus.
export const loadNavDrawer = () => import('./nav-drawer');
export const loadContactDrawer = () => import('./contact-drawer');
export const loadLanguageDrawer = () => import('./language-drawer');
export const loadAboutModal = () => import('./about-modal');
export const loadPlayerActions = () => import('./player-actions');

export const LazyNavDrawer = lazy(() => loadNavDrawer().then((m) => ({ default: m.NavDrawer })));
export const LazyContactDrawer = lazy(() => loadContactDrawer().then((m) => ({ default: m.ContactDrawer })));
export const LazyLanguageDrawer = lazy(() =>
  loadLanguageDrawer().then((m) => ({ default: m.LanguageDrawer })),
);
export const LazyAboutModal = lazy(() => loadAboutModal().then((m) => ({ default: m.AboutModal })));
export const LazyPlayerActions = lazy(() => loadPlayerActions().then((m) => ({ default: m.PlayerActions })));
export const LazyDesktopNav = lazy(() => loadPlayerActions().then((m) => ({ default: m.DesktopNav })));
