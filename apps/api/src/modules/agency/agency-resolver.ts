import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AgencyRow } from '../../db/schema/agency';
import { AppError } from '../../lib/app-error';
import { hostOf } from '../../plugins/security';
import { findAgencyByHost } from './agency-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Agency by host with a short per-process cache (settings changes show within a few seconds). */
    resolveAgency: (host: string) => Promise<AgencyRow | null>;
    /** Drops this process's cached agencies after ops change settings (other processes: within seconds). */
    forgetAgencies: () => void;
  }
  interface FastifyRequest {
    agency: AgencyRow | null;
  }
}

const CACHE_MS = 5_000;

export function registerAgencyResolver(app: FastifyInstance): void {
  // The look-up itself is cached, so the requests that arrive while it runs (many, under load, each time the
  // entry expires) share it instead of each asking the database.
  const cache = new Map<string, { agency: Promise<AgencyRow | null>; expiresAt: number }>();
  app.decorate('resolveAgency', (host: string) => {
    const hit = cache.get(host);
    // Real time, not the injected clock: this is a performance cache, not business logic.
    if (hit && hit.expiresAt > Date.now()) return hit.agency;
    const agency = findAgencyByHost(app.db, host);
    if (cache.size > 1000) cache.clear(); // unknown hosts must not grow it without bound
    const entry = { agency, expiresAt: Date.now() + CACHE_MS };
    cache.set(host, entry);
    // A failed look-up is not remembered: the next request asks again.
    agency.catch(() => {
      if (cache.get(host) === entry) cache.delete(host);
    });
    return agency;
  });
  app.decorate('forgetAgencies', () => cache.clear());
  app.decorateRequest('agency', null);
}

/** preHandler: sets `request.agency` from the Host header; unknown host → 404 AGENCY_NOT_FOUND. */
export async function requireAgency(request: FastifyRequest): Promise<void> {
  if (request.agency) return;
  const agency = await request.server.resolveAgency(hostOf(request));
  if (!agency) throw new AppError(404, 'AGENCY_NOT_FOUND', 'No agency answers on this host');
  request.agency = agency;
}

/** The agency of a request that went through `requireAgency`. */
export function agencyOf(request: FastifyRequest): AgencyRow {
  if (!request.agency) throw new Error('requireAgency did not run for this route');
  return request.agency;
}
