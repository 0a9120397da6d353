import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toBankPayment, ZBankPayment } from '../../adapters/payments/http-payment-gateway';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/route-schemas';
import { settleDeposit } from './settle-deposit';

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
 * of the raw body) or 401. The payment then goes through the same settle path as a check; an unknown bill is
 * acknowledged and logged (a repeat would not help). Repeats are harmless: settling is idempotent.
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
        if (!app.paymentGateway.verifyWebhook(request.webhookRawBody, request.headers)) {
          throw new AppError(401, 'UNAUTHORIZED', 'Bad webhook signature');
        }
      },
      schema: {
        tags: ['bank'],
        summary: 'Bank webhook: a LaoQR bill was paid (signed with X-Signature)',
        body: ZBankPayment,
        response: { 200: ZWebhookAck, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const payment = toBankPayment(request.body);
      const log = request.log.child({ billNumber: payment.billNumber });
      // Settling marks an OPEN deposit PAID first and otherwise answers it as it stands, so the webhook needs
      // no read of its own: a closed deposit is left closed (not credited) and only reported here.
      const settled = await settleDeposit(app, payment.billNumber, { payment });
      if (!settled) log.warn('bank webhook for an unknown bill: ignored');
      else if (settled.status === 'CANCELED' || settled.status === 'REJECTED') {
        log.warn({ status: settled.status }, 'bank payment for a closed deposit: left for staff');
      } else log.info({ status: settled.status }, 'bank webhook settled');
      return { received: true as const };
    },
  );
};
