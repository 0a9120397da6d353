import { LaoQrError, parseLaoQr } from '@lc/shared/laoqr';
import { parseMoney } from '@lc/shared/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBankPayment, ZPaymentLookupResponse } from '../../adapters/payments/http-payment-gateway';
import { SandboxError } from '../providers/sandbox-http';
import { sendWithFault } from '../providers/with-fault';
import { toBankPaymentBody, type WebhookSender } from './deliver-webhook';
import { findSandboxPayment, recordSandboxPayment } from './record-sandbox-payment';

/** `{billNumber, amount}` (amount required) or `{payload}` (a scanned LaoQR: bill and amount come from it). */
export const ZSandboxPayRequest = z.object({
  billNumber: z.string().min(1).max(25).optional(),
  payload: z.string().min(1).max(512).optional(),
  amount: z
    .string()
    .regex(/^\d{1,13}$/)
    .optional(),
});
export type TSandboxPayRequest = z.infer<typeof ZSandboxPayRequest>;

const ZPayResponse = z.object({ payment: ZBankPayment });
const ZBillParams = z.object({ billNumber: z.string().min(1).max(64) });

/** What is being paid: from the QR payload (its CRC must hold) or from the bill number and amount. */
function billOf(body: TSandboxPayRequest): { billNumber: string; amount: bigint } {
  if (body.payload !== undefined) {
    if (body.billNumber !== undefined) {
      throw new SandboxError(400, 'VALIDATION_ERROR', 'Send either payload or billNumber, not both');
    }
    let parsed: ReturnType<typeof parseLaoQr>;
    try {
      parsed = parseLaoQr(body.payload);
    } catch (error) {
      const reason = error instanceof LaoQrError ? error.code : 'MALFORMED_TLV';
      throw new SandboxError(400, 'VALIDATION_ERROR', `Not a LaoQR payload (${reason})`);
    }
    if (!parsed.crcValid) throw new SandboxError(400, 'VALIDATION_ERROR', 'The QR checksum is wrong');
    if (!parsed.billId || parsed.amount === undefined || parsed.amount <= 0n) {
      throw new SandboxError(400, 'VALIDATION_ERROR', 'The QR has no bill number or amount');
    }
    if (body.amount !== undefined && parseMoney(body.amount, 'LAK') !== parsed.amount) {
      throw new SandboxError(400, 'VALIDATION_ERROR', 'The amount differs from the QR amount');
    }
    return { billNumber: parsed.billId, amount: parsed.amount };
  }
  if (body.billNumber === undefined || body.amount === undefined) {
    throw new SandboxError(400, 'VALIDATION_ERROR', 'Send payload, or billNumber with amount');
  }
  const amount = parseMoney(body.amount, 'LAK');
  if (amount <= 0n) throw new SandboxError(400, 'VALIDATION_ERROR', 'The amount must be positive');
  return { billNumber: body.billNumber, amount };
}

/**
 * `POST /payments`: the player's banking app paying a QR (unsigned: the web app's "Pay with sandbox bank"
 * button calls it). The bank then tells the API by a signed webhook, in the background.
 */
export function sandboxPaymentRoutes(sendWebhook: WebhookSender): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/payments',
      {
        schema: {
          tags: ['sandbox'],
          summary: 'Sandbox bank: pay a LaoQR bill (as the player)',
          body: ZSandboxPayRequest,
          response: { 201: ZPayResponse },
        },
      },
      async (request, reply) => {
        const row = await recordSandboxPayment(app.db, billOf(request.body), app.now());
        // Decided now, so a test that queues a `bank` fault knows which call it hits.
        sendWebhook(row, app.sandboxFaults.decide('bank'));
        return reply.code(201).send({ payment: toBankPaymentBody(row) });
      },
    );
  };
}

/** `GET /payments/{billNumber}` (signed): what the payment gateway adapter looks up; `bank` faults apply. */
export const sandboxPaymentLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/:billNumber',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Sandbox bank: look a payment up by bill number',
        params: ZBillParams,
        response: { 200: ZPaymentLookupResponse },
      },
    },
    async (request, reply) =>
      sendWithFault(
        request,
        reply,
        async () => {
          const row = await findSandboxPayment(app.db, request.params.billNumber);
          return { payment: row ? toBankPaymentBody(row) : null };
        },
        'bank',
      ),
  );
};
