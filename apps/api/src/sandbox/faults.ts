import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

// Fault injection for the sandboxes (api.md: SANDBOX_FAULTS), so tests and demos can prove that money is never
// moved twice or lost when a provider or the bank errs, stalls, or drops its answer.

/**
 * - `error`: answer 503 before doing anything;
 * - `timeout`: stall past the client's timeout, then do nothing;
 * - `lost`: do the work, then drop the connection without an answer.
 */
export const FAULT_KINDS = ['error', 'timeout', 'lost'] as const;
export type TFaultKind = (typeof FAULT_KINDS)[number];

/** Probability of each fault for one target; absent kinds are 0. */
export type FaultRates = Partial<Record<TFaultKind, number>>;
/** Per target (`providers`, `bank`, …) the fault rates. */
export type FaultPlan = Record<string, FaultRates>;

export class FaultSpecError extends Error {
  override readonly name = 'FaultSpecError';
}

const TARGET = /^[a-z][a-z0-9_]*$/;
const PROBABILITY = /^(0(\.\d+)?|1(\.0+)?)$/;

/** Parses `"providers:error=0.2,timeout=0.1,lost=0.05;bank:error=0.1"`; throws FaultSpecError on bad input. */
export function parseFaults(spec: string): FaultPlan {
  const plan: FaultPlan = {};
  for (const part of spec.split(';')) {
    const section = part.trim();
    if (section === '') continue;
    const colon = section.indexOf(':');
    const target = (colon === -1 ? section : section.slice(0, colon)).trim();
    if (!TARGET.test(target)) throw new FaultSpecError(`bad target "${target}" in "${section}"`);
    if (plan[target]) throw new FaultSpecError(`target "${target}" given twice`);
    const rates: FaultRates = {};
    const list = colon === -1 ? '' : section.slice(colon + 1);
    for (const pair of list.split(',')) {
      const item = pair.trim();
      if (item === '') continue;
      const [kind, value, ...rest] = item.split('=').map((s) => s.trim());
      if (!isFaultKind(kind))
        throw new FaultSpecError(`unknown fault "${kind}" (use ${FAULT_KINDS.join(', ')})`);
      if (rest.length > 0 || value === undefined || !PROBABILITY.test(value))
        throw new FaultSpecError(`"${item}": the probability must be a number from 0 to 1`);
      rates[kind] = Number(value);
    }
    const total = FAULT_KINDS.reduce((sum, kind) => sum + (rates[kind] ?? 0), 0);
    if (total > 1 + 1e-9) throw new FaultSpecError(`faults of "${target}" add up to more than 1`);
    plan[target] = rates;
  }
  return plan;
}

function isFaultKind(value: string | undefined): value is TFaultKind {
  return (FAULT_KINDS as readonly (string | undefined)[]).includes(value);
}

/** A uniform number in [0, 1) from the crypto generator. */
export function cryptoRandom(): number {
  return randomInt(0, 2 ** 47) / 2 ** 47;
}

/** Which fault (if any) hits one call to `target`: one draw of `random` against the cumulative rates. */
export function decideFault(
  plan: FaultPlan,
  target: string,
  random: () => number = cryptoRandom,
): TFaultKind | null {
  const rates = plan[target];
  if (!rates) return null;
  // Billionths, so 0.2 + 0.1 is exactly 0.3 and the edges land where the spec says.
  const draw = random() * 1e9;
  let edge = 0;
  for (const kind of FAULT_KINDS) {
    edge += Math.round((rates[kind] ?? 0) * 1e9);
    if (draw < edge) return kind;
  }
  return null;
}

/**
 * The app's fault source (`app.sandboxFaults`). Tests replace `plan` or `random`, or queue exact faults for
 * the next calls with `forceNext`, so a scenario ("the answer of this one transfer is lost") is deterministic.
 */
export class FaultInjector {
  private readonly forced = new Map<string, (TFaultKind | null)[]>();

  constructor(
    public plan: FaultPlan,
    /** How long a `timeout` fault stalls: longer than the client's timeout. */
    public timeoutDelayMs: number,
    public random: () => number = cryptoRandom,
  ) {}

  /** The fault of the next call to `target` (a queued one first). */
  decide(target: string): TFaultKind | null {
    const queue = this.forced.get(target);
    if (queue && queue.length > 0) return queue.shift() ?? null;
    return decideFault(this.plan, target, this.random);
  }

  /** Queues faults for the next calls to `target`, in order (`null` = no fault for that call). */
  forceNext(target: string, ...faults: (TFaultKind | null)[]): void {
    this.forced.set(target, [...(this.forced.get(target) ?? []), ...faults]);
  }

  /** Drops queued faults and sets a new plan (default: none). */
  reset(plan: FaultPlan = {}): void {
    this.forced.clear();
    this.plan = plan;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Fault injection of the sandboxes (SANDBOX_FAULTS); no faults unless configured. */
    sandboxFaults: FaultInjector;
  }
}

/** Decorates `app.sandboxFaults` from the configuration. */
export function registerSandboxFaults(app: FastifyInstance, plan: FaultPlan, timeoutDelayMs: number): void {
  app.decorate('sandboxFaults', new FaultInjector(plan, timeoutDelayMs));
}
