import { z } from 'zod';
import { tryParseMoney } from '../money';
import { ZPromotion, ZPromotionInput } from './promotions';

/** A PERCENT bonus above 1000 % (scaled by 100) is a typo, an extra zero, never a real offer. */
export const PROMOTION_BONUS_PERCENT_MAX = 1000_00n;

/**
 * POST /api/ops/v1/promotions and PUT /api/ops/v1/promotions/{id}: the promotion as a whole (a PUT replaces
 * every field). Beyond the shapes of ZPromotionInput, the figures must make sense together; each failure is a
 * field code (`fields.endsAt = "INVALID"`) like any other validation error.
 */
export const ZOpsPromotionRequest = ZPromotionInput.superRefine((input, ctx) => {
  // Runs after format errors too (zod reports every issue at once): a malformed figure is skipped here.
  const scaled = (text: string) => tryParseMoney(text, 'THB');
  const invalid = (path: (string | number)[]) => ctx.addIssue({ code: 'custom', path, message: 'INVALID' });
  // The database refuses 0 too; answering here keeps it a 400 with the field named.
  if (/^0+$/.test(input.depositAmount)) invalid(['depositAmount']);
  if (input.endsAt !== null && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) invalid(['endsAt']);
  const bonus = scaled(input.bonus.value);
  if (input.bonus.type === 'PERCENT' && bonus !== null && bonus > PROMOTION_BONUS_PERCENT_MAX)
    invalid(['bonus', 'value']);
  const { min, max } = input.withdraw;
  // Limits of the same kind compare directly; a FIXED and a PERCENT one depend on the deposit.
  if (min && max && min.type === max.type) {
    const [least, most] = [scaled(min.value), scaled(max.value)];
    if (least !== null && most !== null && least > most) invalid(['withdraw', 'min']);
  }
});
export type TOpsPromotionRequest = z.infer<typeof ZOpsPromotionRequest>;

/** Ops: `id` as text, so a malformed one answers 404 like an unknown one. */
export const ZOpsPromotionParams = z.object({ id: z.string().max(64) });

/** What operators see of a promotion: what players see plus when it was created and last changed. */
export const ZOpsPromotion = ZPromotion.extend({ createdAt: z.string(), updatedAt: z.string() });
export type TOpsPromotion = z.infer<typeof ZOpsPromotion>;

/** GET /api/ops/v1/promotions: every promotion of the agency, inactive and ended ones too, newest first. */
export const ZOpsPromotionListResponse = z.object({ promotions: z.array(ZOpsPromotion) });
export type TOpsPromotionListResponse = z.infer<typeof ZOpsPromotionListResponse>;

/** Create, update, activate and deactivate answer the promotion as it now is. */
export const ZOpsPromotionResponse = z.object({ promotion: ZOpsPromotion });
export type TOpsPromotionResponse = z.infer<typeof ZOpsPromotionResponse>;
