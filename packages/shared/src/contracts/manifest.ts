import { z } from 'zod';

/** One icon of the web app manifest; `maskable` icons keep their artwork inside the central safe zone. */
export const ZManifestIcon = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.literal('image/png'),
  purpose: z.enum(['any', 'maskable']),
});
export type TManifestIcon = z.infer<typeof ZManifestIcon>;

/**
 * GET /manifest.webmanifest: the web app manifest of the agency chosen by Host (api.md). The `*_localized`
 * members follow the W3C manifest localization proposal: browsers that know it show the Thai (or Chinese,
 * Vietnamese) short name to a phone set to that language, the others show the Lao `short_name`.
 */
export const ZManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  short_name_localized: z.record(z.string(), z.string()),
  description: z.string(),
  lang: z.string(),
  dir: z.literal('ltr'),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  orientation: z.literal('portrait'),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(ZManifestIcon),
});
export type TManifest = z.infer<typeof ZManifest>;
