import { lazy } from 'react';

// The Move dialog (its form, steps and the form library) is loaded when a player first asks for it, not with
// the credit panel: most visits to /player never move credit (budget: 200 KB gzip for `/`, 50 KB a chunk).
// The loader is exported so the Move button can start the download on hover or focus.
export const loadMoveCreditDialog = () => import('./move-credit-dialog');

export const LazyMoveCreditDialog = lazy(() =>
  loadMoveCreditDialog().then((m) => ({ default: m.MoveCreditDialog })),
);
