import { CSV_MAX_ROWS } from '@lc/shared/contracts/common';
import {
  type TOpsBankPayment,
  ZBankPaymentParams,
  ZBankPaymentsQuery,
  ZBankPaymentsResponse,
  ZCreditBankPaymentRequest,
  ZCreditBankPaymentResponse,
  ZCreditPreviewQuery,
  ZCreditPreviewResponse,
  ZOpsBankPayment,
  ZRefundBankPaymentRequest,
  ZRefundBankPaymentResponse,
} from '@lc/shared/contracts/ops-bank-payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas';
import { sendCsv } from '../../lib/send-csv';
import { toCsv } from '../../lib/to-csv';
import { requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { auditScopeOf, opsActorOf } from '../ops/record-audit';
import { toOpsDepositDto } from '../ops/to-ops-deposit-dto';
import { usernameOf } from '../withdrawals/withdrawals-repository';
import { creditBankPayment } from './credit-bank-payment';
import { findOpsBankPayment, listBankPayments } from './list-bank-payments';
import { previewPaymentCredit } from './preview-payment-credit';
import { refundBankPayment } from './refund-bank-payment';

/** Ops: every payment the bank reported, and the unmatched queue staff credit or refund (each once). */
export const bankPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/bank-payments',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary:
          'Bank payments, newest first; ?status=UNMATCHED is the queue waiting for staff; ?format=csv exports them',
        security: [{ opsToken: [] }, { opsSession: [] }],
        querystring: ZBankPaymentsQuery,
        response: { 200: z.union([ZBankPaymentsResponse, z.string()]), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const agency = agencyOf(request);
      if (request.query.format !== 'csv') return listBankPayments(app.db, agency.id, request.query);
      const all = await listBankPayments(app.db, agency.id, {
        ...request.query,
        page: 1,
        pageSize: CSV_MAX_ROWS,
      });
      const columns = Object.keys(ZOpsBankPayment.shape) as (keyof TOpsBankPayment)[];
      return sendCsv(reply, `bank-payments-${agency.code}.csv`, toCsv(columns, all.items));
    },
  );

  app.get(
    '/api/ops/v1/bank-payments/:id/credit-preview',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary:
          "What crediting an unmatched payment would book (the order's provider unless ?provider=), computed " +
          'as the credit computes it; nothing is written',
        security: [{ opsToken: [] }, { opsSession: [] }],
        params: ZBankPaymentParams,
        querystring: ZCreditPreviewQuery,
        response: { 200: ZCreditPreviewResponse, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => ({
      preview: await previewPaymentCredit(
        app.db,
        agencyOf(request).id,
        request.params.id,
        request.query.provider,
      ),
    }),
  );

  app.post(
    '/api/ops/v1/bank-payments/:id/credit',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'cashier' },
      schema: {
        tags: ['ops'],
        summary: 'Credit an unmatched payment (from the paid amount) to a provider; once',
        security: [{ opsToken: [] }, { opsSession: [] }],
        params: ZBankPaymentParams,
        body: ZCreditBankPaymentRequest,
        response: { 200: ZCreditBankPaymentResponse, ...errorResponses(400, 401, 404, 409, 415) },
      },
    },
    async (request) => {
      const { deposit } = await creditBankPayment(app, {
        ...request.body,
        agency: agencyOf(request),
        paymentId: request.params.id,
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
      });
      const payment = await findOpsBankPayment(app.db, request.params.id);
      if (!payment) throw new Error('credited payment vanished');
      return { payment, deposit: toOpsDepositDto(deposit, await usernameOf(app.db, deposit.playerId)) };
    },
  );

  app.post(
    '/api/ops/v1/bank-payments/:id/refund',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'cashier' },
      schema: {
        tags: ['ops'],
        summary: 'Record the refund of an unmatched payment (with the refund bank reference); once',
        security: [{ opsToken: [] }, { opsSession: [] }],
        params: ZBankPaymentParams,
        body: ZRefundBankPaymentRequest,
        response: { 200: ZRefundBankPaymentResponse, ...errorResponses(400, 401, 404, 409, 415) },
      },
    },
    async (request) => {
      await refundBankPayment(app, {
        agency: agencyOf(request),
        paymentId: request.params.id,
        bankReference: request.body.bankReference,
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
      });
      const payment = await findOpsBankPayment(app.db, request.params.id);
      if (!payment) throw new Error('refunded payment vanished');
      return { payment };
    },
  );
};
