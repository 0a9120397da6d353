import { lazy } from 'react';

// Shown on every player page, yet needed only by players who turned the reality check on or are restricted:
// split out of the start-up bundle (budget: 150 KB for `/`, `npm run size`), together with the schemas and date
// formatting they pull in.
export const LazyRealityCheck = lazy(() =>
  import('./reality-check').then((m) => ({ default: m.RealityCheck })),
);
export const LazyRestrictionBanner = lazy(() =>
  import('./restriction-banner').then((m) => ({ default: m.RestrictionBanner })),
);
