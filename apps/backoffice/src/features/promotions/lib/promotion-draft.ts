import type { TOpsPromotion, TOpsPromotionRequest } from '@lc/shared/contracts/ops-promotions';
import { LANGUAGES } from '@lc/shared/languages';

/** A promotion as the form edits it: what the API takes, dates as local `YYYY-MM-DDTHH:mm` texts. */
export type TPromotionDraft = Omit<TOpsPromotionRequest, 'startsAt' | 'endsAt'> & {
  startsAt: string;
  endsAt: string;
};

const texts = () => Object.fromEntries(LANGUAGES.map((lng) => [lng, ''])) as TOpsPromotionRequest['title'];

/** `2026-01-31T09:30` in local time, as the form's day and time fields edit an ISO time (day-time-input.tsx). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** The ISO time of a local `YYYY-MM-DDTHH:mm` text, or null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The form's start: an existing promotion's fields, or a new, inactive one starting now. */
export function toDraft(promotion?: TOpsPromotion): TPromotionDraft {
  if (promotion) {
    const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = promotion;
    return { ...fields, startsAt: toLocalInput(fields.startsAt), endsAt: toLocalInput(fields.endsAt) };
  }
  return {
    title: texts(),
    description: texts(),
    imageUrl: '/promotions/welcome-bonus.svg',
    providers: [],
    depositAmount: '',
    bonus: { type: 'PERCENT', value: '', max: null },
    targetCredit: { type: 'MULTIPLIER', value: '' },
    withdraw: { all: false, min: null, max: null, deductBonus: false },
    firstOrderOnly: false,
    oncePerPlayer: true,
    startsAt: toLocalInput(new Date().toISOString()),
    endsAt: '',
    active: false,
  };
}

/** What the API takes from the form's draft. */
export function toRequest(draft: TPromotionDraft): TOpsPromotionRequest {
  return {
    ...draft,
    startsAt: fromLocalInput(draft.startsAt) ?? new Date().toISOString(),
    endsAt: fromLocalInput(draft.endsAt),
  };
}
