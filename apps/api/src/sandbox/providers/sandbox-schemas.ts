import { parseMoney } from '@lc/shared/money';
import { z } from 'zod';
import { MEMBER_NAME } from '../../adapters/providers/member-name';

/** A member name as the strictest real provider takes it (our names always fit: member-name.ts). */
export const ZMemberName = z.string().regex(MEMBER_NAME);

/** A THB amount as a decimal string (`"12.34"`), parsed to satang; > 0 and at most 100 million baht. */
export const ZAmount = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/)
  .transform((text) => parseMoney(text, 'THB'))
  .refine((satang) => satang > 0n, 'must be above zero');

/** A balance to set (test hook): like an amount, zero allowed. */
export const ZBalance = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/)
  .transform((text) => parseMoney(text, 'THB'));

export const ZReference = z.string().regex(/^[A-Za-z0-9:._-]{1,100}$/);

export const ZMemberParams = z.object({ username: ZMemberName });
