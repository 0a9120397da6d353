import { randomBytes } from 'node:crypto';
import { buildDepositLaoQr } from '@lc/shared/laoqr';
import { parseMoney } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import type { TDynamicQrRequest } from '../../adapters/payments/http-payment-gateway';
import type { DbOrTx } from '../../db/client';
import { type SandboxBankBillRow, sandboxBankBills } from '../../db/schema/sandbox-bank';
import { SandboxError } from '../providers/sandbox-http';

// How long the sandbox bank keeps a dynamic QR payable when the merchant asks for longer.
const MAX_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * The sandbox bank's dynamic-QR API (as JDB's, LVB's or LDB's `qr/generate`): issues a bill id of its own,
 * composes the QR around it and keeps the bill. One bill per merchant reference: asking again answers the
 * same bill, and the same reference with another amount or receiver is refused.
 */
export async function issueSandboxQr(
  db: DbOrTx,
  request: TDynamicQrRequest,
  now: Date,
): Promise<SandboxBankBillRow> {
  const amount = parseMoney(request.amount, 'LAK');
  const [known] = await db
    .select()
    .from(sandboxBankBills)
    .where(eq(sandboxBankBills.reference, request.reference));
  if (known) {
    if (known.amount !== amount || known.receiverId !== request.receiverId) {
      throw new SandboxError(409, 'REFERENCE_CONFLICT', `Reference ${request.reference} has another bill`);
    }
    return known;
  }
  const billId = `SBXB${randomBytes(6).toString('hex').toUpperCase()}`;
  const expiresAt = new Date(Math.min(Date.parse(request.expiresAt), now.getTime() + MAX_LIFETIME_MS));
  const payload = buildDepositLaoQr({
    iin: request.iin,
    receiverId: request.receiverId,
    mcc: request.mcc,
    merchantName: request.merchantName,
    merchantCity: request.merchantCity,
    amountLak: amount,
    billId,
    reference: request.reference,
  });
  const [row] = await db
    .insert(sandboxBankBills)
    .values({
      billId,
      reference: request.reference,
      receiverId: request.receiverId,
      amount,
      payload,
      createdAt: now,
      expiresAt,
    })
    .onConflictDoNothing({ target: sandboxBankBills.reference })
    .returning();
  // Two requests with one reference at once: the other one's bill is the answer.
  return row ?? issueSandboxQr(db, request, now);
}
