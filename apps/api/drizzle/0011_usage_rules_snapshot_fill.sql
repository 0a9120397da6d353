-- Usages taken before the snapshot columns existed keep the rules their promotion has now (domain.md rule 5):
-- the closest record of what the player was offered; from here on `use` copies them at the moment it is taken.
UPDATE "promotion_usages" AS u
SET "target_type" = p."target_type",
    "target_value" = p."target_value",
    "withdraw_all" = p."withdraw_all",
    "withdraw_min_type" = p."withdraw_min_type",
    "withdraw_min_value" = p."withdraw_min_value",
    "withdraw_max_type" = p."withdraw_max_type",
    "withdraw_max_value" = p."withdraw_max_value",
    "deduct_bonus" = p."deduct_bonus"
FROM "promotions" AS p
WHERE p."id" = u."promotion_id" AND u."target_type" IS NULL;
