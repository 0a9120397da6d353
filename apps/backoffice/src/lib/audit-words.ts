import { ACCESS_ACTIONS, AUDIT_ACTIONS, type TAuditEntry } from '@lc/shared/contracts/ops-audit';
import { BANK_PAYMENT_REASONS } from '@lc/shared/contracts/ops-bank-payments';
import { formatCurrency } from '@lc/ui/format-currency';
import { formatDateTime } from '@lc/ui/format-date';

/** A value to show: plain text, or translation keys tried in order (the last may be the raw value itself). */
export type TShown = { text: string } | { t: string[]; values?: Record<string, string> };

/** One line of a change: the field's path (`limits.depositMax`), its value before (when known) and after. */
export type TChangeLine = { path: string[]; before?: TShown; after: TShown };

const KNOWN_ACTIONS = new Set<string>([...AUDIT_ACTIONS, ...ACCESS_ACTIONS]);
const REASONS = new Set<string>(BANK_PAYMENT_REASONS);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * An action code in words: `auditActions.<code>` (nested by its dots, so `bank-payment.credit` is
 * `auditActions.bank-payment.credit`). A refused request, recorded under its route, reads as that request.
 */
export function actionWords(action: string): TShown {
  if (KNOWN_ACTIONS.has(action)) return { t: [`auditActions.${action}`, action] };
  const [method = '', route = ''] = action.split(' ');
  return {
    t: ['audit.refusedRequest'],
    values: { request: `${method} ${route.replace('/api/ops/v1', '')}` },
  };
}

/** `OK`, or `REFUSED:<code>` / `FAILED:<code>`: the outcome in words with the error's own message. */
export function outcomeWords(outcome: string): { outcome: TShown; error?: TShown } {
  const [kind = outcome, code] = outcome.split(':');
  const shown: TShown = { t: [`audit.outcomes.${kind}`, outcome] };
  return code ? { outcome: shown, error: { t: [`errors:${code}`, code] } } : { outcome: shown };
}

/** The currency of a money field of an action's change, where the field names one; null for other fields. */
function currencyOf(action: string, key: string, record: Record<string, unknown>): 'THB' | 'LAK' | null {
  if (key === 'credit' || key === 'creditBefore' || key === 'bonus' || key === 'approvalThreshold')
    return 'THB';
  if (key === 'payoutAmount' || key === 'paidAmount') return 'LAK';
  if (key !== 'amount') return null;
  if (action.startsWith('deposit.') || action.startsWith('bank-payment.')) return 'LAK';
  // An adjustment (booked, or asked for through approvals) is signed baht at a provider.
  if (action === 'player.credit' || record.kind === 'ADJUSTMENT') return 'THB';
  return null;
}

function valueShown(action: string, key: string, value: unknown, record: Record<string, unknown>): TShown {
  if (value === null || value === undefined || value === '') return { text: '—' };
  if (typeof value === 'boolean') return { t: [value ? 'audit.yes' : 'audit.no'] };
  if (typeof value !== 'string') return { text: String(value) };
  if (key === 'provider') return { t: [`providers.${value}`, value] };
  if (key === 'status' || key === 'previousStatus') return { t: [`status.${value}`, value] };
  if (key === 'role' || (action === 'staff.role' && (key === 'from' || key === 'to'))) {
    return { t: [`role.${value}`, value] };
  }
  if (key === 'kind') return { t: [`approvals.kinds.${value}`, value] };
  if (key === 'reason' && REASONS.has(value)) return { t: [`bankPayments.reasons.${value}`, value] };
  if (ISO_TIME.test(value)) return { text: formatDateTime(value) };
  const currency = currencyOf(action, key, record);
  if (currency && DECIMAL.test(value)) return { text: formatCurrency(value, currency) };
  return { text: value };
}

/** Nested records as `path → value` leaves; lists of records by their place (`hosts.1`). */
function leaves(record: Record<string, unknown>, prefix: string[] = []): Array<[string[], unknown]> {
  return Object.entries(record).flatMap(([key, value]): Array<[string[], unknown]> => {
    const path = [...prefix, key];
    if (Array.isArray(value)) {
      if (value.every((item) => typeof item !== 'object' || item === null)) return [[path, value.join(', ')]];
      return value.flatMap((item, i) =>
        typeof item === 'object' && item !== null
          ? leaves(item as Record<string, unknown>, [...path, String(i + 1)])
          : [[[...path, String(i + 1)], item] as [string[], unknown]],
      );
    }
    if (typeof value === 'object' && value !== null) return leaves(value as Record<string, unknown>, path);
    return [[path, value]];
  });
}

/**
 * What an audit entry changed, as labelled lines instead of JSON: with a before and an after, only the fields
 * that differ (old → new); with only one of them (most actions record what they did as `after`), each field.
 * Pure: the component translates the keys (`auditFields.<field>` for each part of a path).
 */
export function describeChange(entry: Pick<TAuditEntry, 'action' | 'before' | 'after'>): TChangeLine[] {
  const { action, before, after } = entry;
  const shown = (path: string[], value: unknown, record: Record<string, unknown>) =>
    valueShown(action, path[path.length - 1] ?? '', value, record);
  if (!before)
    return after ? leaves(after).map(([path, value]) => ({ path, after: shown(path, value, after) })) : [];
  const was = new Map(leaves(before).map(([path, value]) => [path.join('.'), value]));
  const now = new Map(leaves(after ?? {}).map(([path, value]) => [path.join('.'), value]));
  const lines: TChangeLine[] = [];
  for (const key of new Set([...was.keys(), ...now.keys()])) {
    const [old, next] = [was.get(key), now.get(key)];
    if (JSON.stringify(old) === JSON.stringify(next)) continue;
    const path = key.split('.');
    lines.push({ path, before: shown(path, old, before), after: shown(path, next, after ?? {}) });
  }
  return lines;
}

/** `bank-payment:<uuid>` → its kind (`audit.objects.bank-payment`) and the id, shown short when it is a uuid. */
export function objectWords(object: string | null): { kind: TShown; id: string; shortId: string } | null {
  if (!object) return null;
  const at = object.indexOf(':');
  // A refused request names its path (`/api/ops/v1/…`): an address, not a kind and an id.
  const [kind, id] = at < 0 ? ['path', object] : [object.slice(0, at), object.slice(at + 1)];
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(id);
  return { kind: { t: [`audit.objects.${kind}`, kind] }, id, shortId: isUuid ? `${id.slice(0, 8)}…` : id };
}
