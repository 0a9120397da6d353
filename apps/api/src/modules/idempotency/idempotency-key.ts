import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared-statement';
import { rowsOf } from '../../db/rows-of';
import { idempotencyKeys } from '../../db/schema/idempotency';
import { AppError } from '../../lib/app-error';
import { batchedRowWrite } from '../../lib/batched-lookup';
import { playerOf } from '../../plugins/session';
import { agencyOf } from '../agency/agency-resolver';

// api.md, Idempotency: money-moving POSTs accept `Idempotency-Key`; a repeat with the same key and body gets
// the first answer, the same key with another body 409 IDEMPOTENCY_KEY_REUSED. The key is claimed (row
// inserted) before the handler runs, so a concurrent repeat finds it and waits for the first answer instead
// of running the handler twice — across API processes too, since the claim is a database row.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX = 255;
/** Header set on a replayed answer. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

const KEY_PATTERN = /^[\x21-\x7E]+$/;
// How long a repeat waits for the first request's answer before giving up (real time).
const WAIT_MS = 15_000;
const POLL_MS = 50;
// A claim this old (app clock) without an answer belongs to a process that died: a repeat takes it over.
const STALE_MS = 2 * 60_000;

// Every money-moving POST with a key claims it and saves its answer: two writes per request. The claims (and
// the answers) of requests arriving (finishing) in the same turn of the event loop are written by one
// statement (batchedRowWrite, keyed by the row's id), so under load each costs a fraction of a statement
// and of a commit; each request still waits for its own row before it goes on, as with one statement each.
const claimKeys = preparedSql(
  'claim_idempotency_keys',
  sql`INSERT INTO ${idempotencyKeys} (id, agency_id, player_id, key, request_hash, created_at)
      SELECT * FROM unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('agencyIds')}::uuid[],
                           ${sql.placeholder('playerIds')}::uuid[], ${sql.placeholder('keys')}::text[],
                           ${sql.placeholder('requestHashes')}::text[],
                           ${sql.placeholder('createdAts')}::timestamptz[])
      ON CONFLICT (player_id, key) DO NOTHING
      RETURNING id`,
);
const saveAnswers = preparedSql(
  'save_idempotent_answers',
  sql`UPDATE ${idempotencyKeys} AS k
      SET response_status = a.status, response_body = a.body, completed_at = a.completed_at
      FROM unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('statuses')}::int[],
                  ${sql.placeholder('bodies')}::text[], ${sql.placeholder('completedAts')}::timestamptz[])
        AS a(id, status, body, completed_at)
      WHERE k.id = a.id
      RETURNING k.id`,
);
// The same for one request's answer (see batchedLookup's `runOne`).
const saveOneAnswer = preparedSql(
  'save_idempotent_answer',
  sql`UPDATE ${idempotencyKeys}
      SET response_status = ${sql.placeholder('status')}::int, response_body = ${sql.placeholder('body')}::text,
        completed_at = ${sql.placeholder('completedAt')}::timestamptz
      WHERE id = ${sql.placeholder('id')}::uuid
      RETURNING id`,
);

type Claim = { agencyId: string; playerId: string; key: string; requestHash: string; createdAt: string };
type Answer = { status: number; body: string; completedAt: string };

const claimKey = batchedRowWrite<Db, Claim>(async (db, ids, claims) =>
  rowsOf<{ id: string }>(
    await claimKeys(db, {
      ids,
      agencyIds: claims.map((claim) => claim.agencyId),
      playerIds: claims.map((claim) => claim.playerId),
      keys: claims.map((claim) => claim.key),
      requestHashes: claims.map((claim) => claim.requestHash),
      createdAts: claims.map((claim) => claim.createdAt),
    }),
  ),
);
const saveAnswer = batchedRowWrite<Db, Answer>(
  async (db, ids, answers) =>
    rowsOf<{ id: string }>(
      await saveAnswers(db, {
        ids,
        statuses: answers.map((answer) => answer.status),
        bodies: answers.map((answer) => answer.body),
        completedAts: answers.map((answer) => answer.completedAt),
      }),
    ),
  async (db, id, answer) => rowsOf<{ id: string }>(await saveOneAnswer(db, { id, ...answer })),
);

/** The claimed row of each request that carries a key (absent: no key, or a replay). */
const claims = new WeakMap<FastifyRequest, string>();

/** SHA-256 of what the request asks: method, route, params and the validated body. */
function requestHashOf(request: FastifyRequest): string {
  const route = request.routeOptions.url ?? request.url;
  const what = JSON.stringify([request.method, route, request.params ?? null, request.body ?? null]);
  return createHash('sha256').update(what).digest('hex');
}

function keyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  const field = 'Idempotency-Key';
  if (typeof value !== 'string' || value.length === 0 || !KEY_PATTERN.test(value)) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Idempotency-Key must be printable ASCII', {
      [field]: 'INVALID',
    });
  }
  if (value.length > IDEMPOTENCY_KEY_MAX) {
    throw new AppError(400, 'VALIDATION_ERROR', `Idempotency-Key is longer than ${IDEMPOTENCY_KEY_MAX}`, {
      [field]: 'TOO_LONG',
    });
  }
  return value;
}

/**
 * The request's Idempotency-Key. For a route whose every call must carry one (a transfer between providers:
 * the key is stored on what it makes, decision 0072): 400 VALIDATION_ERROR `Idempotency-Key: REQUIRED`
 * without it. Put it before {@link requireIdempotencyKey}.
 */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = keyOf(request);
  if (key === null) {
    throw new AppError(400, 'VALIDATION_ERROR', 'This request needs an Idempotency-Key', {
      'Idempotency-Key': 'REQUIRED',
    });
  }
  return key;
}

/** preHandler form of {@link idempotencyKeyOf}. */
export async function demandIdempotencyKey(request: FastifyRequest): Promise<void> {
  idempotencyKeyOf(request);
}

/**
 * preHandler (after `requirePlayer`) of a money-moving POST: without the header it does nothing; with it,
 * it claims the key, replays a finished answer, or waits for a concurrent one. Pair it with
 * {@link saveIdempotentAnswer} as the route's `onSend`.
 */
export async function requireIdempotencyKey(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const key = keyOf(request);
  if (key === null) return;
  const { db } = request.server;
  const player = playerOf(request);
  const requestHash = requestHashOf(request);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const now = request.server.now();
    const id = randomUUID();
    const isClaimed = await claimKey(db, id, {
      agencyId: agencyOf(request).id,
      playerId: player.id,
      key,
      requestHash,
      createdAt: now.toISOString(),
    });
    if (isClaimed) {
      claims.set(request, id);
      return;
    }
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.playerId, player.id), eq(idempotencyKeys.key, key)));
    if (!row) continue; // released (a 5xx) between the insert and the read: claim it again
    if (row.requestHash !== requestHash) {
      throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another request');
    }
    if (row.responseStatus !== null && row.responseBody !== null) {
      return reply
        .code(row.responseStatus)
        .header(IDEMPOTENT_REPLAY_HEADER, 'true')
        .type('application/json; charset=utf-8')
        .send(row.responseBody);
    }
    if (now.getTime() - row.createdAt.getTime() > STALE_MS) {
      const [taken] = await db
        .update(idempotencyKeys)
        .set({ createdAt: now })
        .where(
          and(
            eq(idempotencyKeys.id, row.id),
            isNull(idempotencyKeys.responseStatus),
            eq(idempotencyKeys.createdAt, row.createdAt),
          ),
        )
        .returning({ id: idempotencyKeys.id });
      if (taken) {
        claims.set(request, taken.id);
        return;
      }
    }
    if (Date.now() > deadline) {
      throw new AppError(
        409,
        'IDEMPOTENCY_KEY_REUSED',
        'A request with this Idempotency-Key is still running',
      );
    }
    await sleep(POLL_MS);
  }
}

/**
 * onSend of a route guarded by {@link requireIdempotencyKey}: stores the answer of the request that claimed
 * the key. A 5xx is not an answer worth repeating (nothing was decided): the claim is released instead.
 */
export async function saveIdempotentAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const id = claims.get(request);
  if (id === undefined) return payload;
  claims.delete(request);
  const { db } = request.server;
  try {
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
    } else {
      await saveAnswer(db, id, {
        status: reply.statusCode,
        body: payload,
        completedAt: request.server.now().toISOString(),
      });
    }
  } catch (error) {
    // The answer still goes out; a repeat then waits for the stale claim and takes it over.
    request.log.error({ err: error }, 'idempotency answer not stored');
  }
  return payload;
}
