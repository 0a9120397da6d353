import { z } from 'zod';

const ZOptionalText = z
  .string()
  .trim()
  .max(64, { message: 'TOO_LONG' })
  .optional()
  // `?tab=` or `{"gameCode": ""}` mean "none", like leaving the field out.
  .transform((value) => (value ? value : undefined));

/** GET /api/v2/games/{provider}?tab= (askmebet tabs like `Slot`, betflix sub-providers like `pp.txt`). */
export const ZGamesQuery = z.object({ tab: ZOptionalText });
export type TGamesQuery = z.infer<typeof ZGamesQuery>;

export const ZGameTab = z.object({ id: z.string(), label: z.string() });
export type TGameTab = z.infer<typeof ZGameTab>;

export const ZGame = z.object({
  code: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  category: z.string(),
  tab: z.string(),
});
export type TGame = z.infer<typeof ZGame>;

/** All tabs of the provider, and the games of the asked tab (all games without one). */
export const ZGamesResponse = z.object({ tabs: z.array(ZGameTab), games: z.array(ZGame) });
export type TGamesResponse = z.infer<typeof ZGamesResponse>;

/** POST /api/v2/games/{provider}/launch; no game code opens the provider's lobby (its first game). */
export const ZLaunchGameRequest = z.object({ gameCode: ZOptionalText });
export type TLaunchGameRequest = z.input<typeof ZLaunchGameRequest>;

export const ZLaunchGameResponse = z.object({ url: z.string() });
export type TLaunchGameResponse = z.infer<typeof ZLaunchGameResponse>;
