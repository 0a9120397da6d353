import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toBankPayment, ZBankPayment } from '../../adapters/payments/http-payment-gateway';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/route-schemas';
import { findPaymentOrder } from '../bank-payments/record-bank-payment';
import { askingBank } from './check-deposit';
import { takeRememberedDeposit } from './recent-open-deposits';
import { handlingWebhookOf, settlePayments } from './settle-deposit';

/** The bank's payment notification; CSRF-exempt in plugins/security.ts because the signature authenticates. */
export const BANK_WEBHOOK_URL = '/api/v2/bank/webhook';

declare module 'fastify' {
  interface FastifyRequest {
    /** The webhook body exactly as received: what the bank's signature covers. */
    webhookRawBody: string;
  }
}

const ZWebhookAck = z.object({ received: z.literal(true) });

/**
 * `POST /api/v2/bank/webhook`: the bank says a bill was paid. No session: a valid `X-Signature` (HMAC-SHA256
 * of `X-Timestamp` and the raw body, sent within the last 5 minutes: no replay of an old capture) or 401. The signature alone never creates credit (a leaked secret must not): the bill is
 * looked up at the bank, and only the bank's own record of that payment is recorded and settled, through the
 * same path as a check; whatever its order's state, it is kept (bank-payments). A payment the bank does not
 * confirm is acknowledged, logged and ignored; the bank not answering → 503 so it sends again. Repeats are
 * harmless: recording is once per bank reference.
 */
export const bankWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // This scope keeps the exact bytes, since the signature is over them (not over re-serialized JSON).
  app.decorateRequest('webhookRawBody', '');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.webhookRawBody = text;
    try {
      done(null, text.trim() === '' ? undefined : JSON.parse(text));
    } catch {
      done(new AppError(400, 'VALIDATION_ERROR', 'Malformed JSON body'), undefined);
    }
  });

  app.post(
    BANK_WEBHOOK_URL,
    {
      // The signature is checked before the body's shape, so an unsigned caller learns nothing.
      preValidation: async (request) => {
        if (!app.paymentGateway.verifyWebhook(request.webhookRawBody, request.headers, app.now())) {
          throw new AppError(401, 'UNAUTHORIZED', 'Bad webhook signature');
        }
      },
      schema: {
        tags: ['bank'],
        summary: 'Bank webhook: a LaoQR bill was paid (signed with X-Signature)',
        body: ZBankPayment,
        response: { 200: ZWebhookAck, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => {
      const reported = toBankPayment(request.body);
      const log = request.log.child({ billNumber: reported.billNumber });
      // A payment kept before came from the bank's own look-up: a repeat (or the webhook after a check)
      // needs no second one. The webhook of a deposit this process made just now settles with the row it
      // inserted, without reading the order again (recent-open-deposits.ts); were it already kept, recording
      // it again changes nothing.
      const remembered = takeRememberedDeposit(app, reported.billNumber);
      const known = remembered
        ? { deposit: remembered, isRecorded: false }
        : await findPaymentOrder(app.db, reported);
      if (known.isRecorded) {
        log.info('bank webhook for a payment recorded before: acknowledged');
        return { received: true as const };
      }
      const settle = async () => {
        const payments = await askingBank(app, () =>
          app.paymentGateway.findPaymentsByBill(reported.billNumber),
        );
        const confirmed = payments.find(
          (payment) => payment.bankReference === reported.bankReference && payment.amount === reported.amount,
        );
        if (!confirmed) {
          log.warn('bank webhook for a payment the bank does not confirm: ignored');
          return null;
        }
        const { deposit } = await settlePayments(app, [confirmed], known.deposit);
        log.info(
          { status: deposit?.status ?? null, isLatePaid: deposit?.isLatePaid },
          'bank webhook recorded',
        );
        return deposit;
      };
      await (known.deposit ? handlingWebhookOf(app, known.deposit.code, settle) : settle());
      return { received: true as const };
    },
  );
};
