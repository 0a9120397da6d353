import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatMinor } from '@lc/shared/money';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { KeepAliveClient } from '../../adapters/keep-alive-request';
import type { TBankPayment } from '../../adapters/payments/http-payment-gateway';
import { webhookHeaders } from '../../adapters/payments/payment-gateway';
import { selfBaseUrl } from '../../adapters/self-url';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared-statement';
import { rowsOf } from '../../db/rows-of';
import { type SandboxBankPaymentRow, sandboxBankPayments } from '../../db/schema/sandbox-bank';
import { batchedRowWrite } from '../../lib/batched-lookup';
import type { TFaultKind } from '../faults';

/** The API route the sandbox bank notifies (a real bank is configured with the same URL). */
export const BANK_WEBHOOK_PATH = '/api/v2/bank/webhook';

// Pauses before the 2nd, 3rd and 4th attempt.
const RETRY_DELAYS_MS = [200, 1000, 3000];
const REQUEST_TIMEOUT_MS = 5000;

// Every delivered notification is marked; those delivered in the same turn of the event loop by one statement.
const markDeliveredStatement = preparedSql(
  'mark_sandbox_webhooks_delivered',
  sql`UPDATE ${sandboxBankPayments} AS p SET webhook_delivered_at = d.at
      FROM unnest(${sql.placeholder('bankReferences')}::text[], ${sql.placeholder('ats')}::timestamptz[])
        AS d(bank_reference, at)
      WHERE p.bank_reference = d.bank_reference
      RETURNING p.bank_reference AS id`,
);
// The same for one payment (see batchedLookup's `runOne`).
const markOneDeliveredStatement = preparedSql(
  'mark_sandbox_webhook_delivered',
  sql`UPDATE ${sandboxBankPayments} SET webhook_delivered_at = ${sql.placeholder('at')}::timestamptz
      WHERE bank_reference = ${sql.placeholder('bankReference')}::text
      RETURNING bank_reference AS id`,
);
const markDelivered = batchedRowWrite<Db, string>(
  async (db, bankReferences, ats) =>
    rowsOf<{ id: string }>(await markDeliveredStatement(db, { bankReferences, ats })),
  async (db, bankReference, at) =>
    rowsOf<{ id: string }>(await markOneDeliveredStatement(db, { bankReference, at })),
);

/** The webhook body of a payment: what the bank's look-up also answers. */
export function toBankPaymentBody(row: SandboxBankPaymentRow): TBankPayment {
  return {
    billNumber: row.billNumber,
    reference: row.reference,
    amount: formatMinor(row.amount, 'LAK'),
    paidAt: row.paidAt.toISOString(),
    bankReference: row.bankReference,
  };
}

export type WebhookSender = (payment: SandboxBankPaymentRow, firstFault: TFaultKind | null) => void;

/**
 * The sandbox bank's webhook sender: posts each new payment, signed, to this process's API (or, with
 * SANDBOX_WEBHOOK_URLS, to those API processes in turn) in the background (the payer's answer never waits for it), retrying failures a few times. `bank` faults of
 * SANDBOX_FAULTS apply per attempt: `lost` drops the notification for good, `error`/`timeout` fail that
 * attempt. Deliveries still running when the app closes are aborted.
 */
export function createWebhookSender(app: FastifyInstance, secret: string): WebhookSender {
  const closing = new AbortController();
  // Every delivery waiting to retry listens for the close: under load there are many at once, not a leak.
  setMaxListeners(0, closing.signal);
  const inFlight = new Set<Promise<void>>();
  // One notification per payment: kept-alive connections spare each a connect (and fetch's stream overhead).
  const http = new KeepAliveClient();
  const targets = app.config.sandboxWebhookUrls;
  let turn = 0;
  // Each payment's notification (and its retries) goes to one target, the next payment to the next.
  const nextTarget = (): string | null => targets[turn++ % targets.length] ?? null;
  // The server waits for open connections before onClose runs; ours to its own webhook route among them.
  app.addHook('preClose', async () => http.closeWhenIdle());
  app.addHook('onClose', async () => {
    closing.abort();
    // Destroys the sockets of deliveries still running too, so they end now.
    http.close();
    await Promise.allSettled(inFlight);
  });

  async function deliver(row: SandboxBankPaymentRow, firstFault: TFaultKind | null): Promise<void> {
    const body = JSON.stringify(toBankPaymentBody(row));
    const log = app.log.child({ billNumber: row.billNumber });
    const target = nextTarget();
    for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length + 1; attempt++) {
      if (closing.signal.aborted) return;
      const fault = attempt === 1 ? firstFault : app.sandboxFaults.decide('bank');
      if (fault === 'lost') {
        log.info({ attempt }, 'sandbox bank: webhook dropped (fault)');
        return;
      }
      if (fault === null && (await post(body, target))) {
        await markDelivered(app.db, row.bankReference, app.now().toISOString()).catch(() => undefined);
        return;
      }
      log.info({ attempt, fault }, 'sandbox bank: webhook attempt failed');
      const delay = RETRY_DELAYS_MS[attempt - 1];
      if (delay === undefined) break;
      await sleep(delay, undefined, { signal: closing.signal }).catch(() => undefined);
    }
    log.warn('sandbox bank: webhook given up (the deposit settles by check or by the worker)');
  }

  async function post(body: string, target: string | null): Promise<boolean> {
    if (closing.signal.aborted) return false;
    try {
      const response = await http.send({
        url: new URL(`${target ?? selfBaseUrl(app)}${BANK_WEBHOOK_PATH}`),
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // Signed at each attempt: a retry is a new sending, within the receiver's replay window.
          ...webhookHeaders(secret, body, app.now()),
        },
        body,
        timeoutMs: REQUEST_TIMEOUT_MS,
      });
      return response.status >= 200 && response.status <= 299;
    } catch {
      return false;
    }
  }

  return (row, firstFault) => {
    const delivery = deliver(row, firstFault).finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  };
}
