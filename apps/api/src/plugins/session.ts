import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { BankAccountRow } from '../db/schema/bank-accounts';
import type { PlayerRow, SessionRow } from '../db/schema/players';
import { AppError } from '../lib/app-error';
import { agencyOf, requireAgency } from '../modules/agency/agency-resolver';
import {
  findLiveSession,
  findLiveSessionWithBankAccounts,
  type LiveSession,
} from '../modules/sessions/find-live-session';

declare module 'fastify' {
  interface FastifyInstance {
    /** `sid`, or `__Host-sid` when SESSION_SECURE (the prefix forces Secure, Path=/ and no Domain). */
    sessionCookieName: string;
  }
  interface FastifyRequest {
    player: PlayerRow | null;
    session: SessionRow | null;
    /** Set by `requirePlayerWithBankAccounts` only. */
    bankAccounts: BankAccountRow[] | null;
  }
}

export async function registerSession(app: FastifyInstance, options: { secure: boolean }): Promise<void> {
  await app.register(cookie);
  app.decorate('sessionCookieName', options.secure ? '__Host-sid' : 'sid');
  app.decorateRequest('player', null);
  app.decorateRequest('session', null);
  app.decorateRequest('bankAccounts', null);
  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string) {
    this.setCookie(app.sessionCookieName, token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: options.secure,
    });
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    this.clearCookie(app.sessionCookieName, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: options.secure,
    });
  });
}

declare module 'fastify' {
  interface FastifyReply {
    /** Sends the session cookie (HttpOnly, SameSite=Lax, Path=/, Secure in production). */
    setSessionCookie: (token: string) => void;
    clearSessionCookie: () => void;
  }
}

/** The raw session token of the request's cookie, if any. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[request.server.sessionCookieName];
  return value && value.length <= 128 ? value : undefined;
}

/** preHandler: a live session of this host's agency → `request.player` / `request.session`; else 401. */
export async function requirePlayer(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await authenticate(request, reply, findLiveSession);
}

/**
 * `requirePlayer` that also reads the player's bank accounts (`request.bankAccounts`) in the same statement,
 * so players/info costs one database round trip.
 */
export async function requirePlayerWithBankAccounts(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const found = await authenticate(request, reply, findLiveSessionWithBankAccounts);
  request.bankAccounts = found.bankAccounts;
}

async function authenticate<T extends LiveSession>(
  request: FastifyRequest,
  reply: FastifyReply,
  find: (db: Db, token: string, agencyId: string, now: Date) => Promise<T | null>,
): Promise<T> {
  await requireAgency(request);
  const token = sessionTokenOf(request);
  const found = token
    ? await find(request.server.db, token, agencyOf(request).id, request.server.now())
    : null;
  if (!found) {
    if (token) reply.clearSessionCookie();
    throw new AppError(401, 'UNAUTHORIZED', 'Sign in first');
  }
  request.player = found.player;
  request.session = found.session;
  return found;
}

/** The signed-in player of a route guarded by `requirePlayer`. */
export function playerOf(request: FastifyRequest): PlayerRow {
  if (!request.player) throw new Error('requirePlayer did not run for this route');
  return request.player;
}

/** The current session of a route guarded by `requirePlayer`. */
export function sessionOf(request: FastifyRequest): SessionRow {
  if (!request.session) throw new Error('requirePlayer did not run for this route');
  return request.session;
}

/** The bank accounts of a route guarded by `requirePlayerWithBankAccounts`. */
export function bankAccountsOf(request: FastifyRequest): BankAccountRow[] {
  if (!request.bankAccounts) throw new Error('requirePlayerWithBankAccounts did not run for this route');
  return request.bankAccounts;
}
