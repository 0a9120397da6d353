import { isApiError } from '@lc/ui/api-client';
import { formatCurrency } from '@lc/ui/format-currency';
import { formatDateTime } from '@lc/ui/format-date';
import type { TFunction } from 'i18next';

/**
 * The translated message of any error: an API code becomes `errors:<CODE>` with its params (a role is
 * translated, dates and amounts formatted), anything unknown becomes `errors:INTERNAL`.
 */
export function errorMessage(t: TFunction, error: unknown, { withFields = true } = {}): string {
  if (!isApiError(error)) return t('errors:INTERNAL');
  const params: Record<string, string> = { ...error.params };
  if (params.role) params.role = t(`common:role.${params.role}`);
  if (params.until) params.until = formatDateTime(params.until);
  if (params.remaining) params.remaining = formatCurrency(params.remaining, 'LAK');
  if (params.threshold) params.threshold = formatCurrency(params.threshold, 'THB');
  // A field is named in the console's language, never by its API name (`newPassword`); one without a
  // translated name shows only its problem.
  const fields = Object.entries(error.fields)
    .map(([field, code]) => {
      const problem = t([`errors:fields.${code}`, 'errors:fields.INVALID']);
      const name = t(`errors:fieldNames.${field}`, { defaultValue: '' });
      return name ? `${name}: ${problem}` : problem;
    })
    .join(' · ');
  const message = t([`errors:${error.code}`, 'errors:INTERNAL'], params);
  return fields && withFields ? `${message} (${fields})` : message;
}

/**
 * The translated problem of one form field from a 400's `fields` (`"limits.depositMax": "INVALID"`), for the
 * field's own `error`; undefined when the field is fine.
 */
export function fieldError(t: TFunction, error: unknown, field: string): string | undefined {
  if (!isApiError(error)) return undefined;
  const code = error.fields[field];
  return code ? t([`errors:fields.${code}`, 'errors:fields.INVALID']) : undefined;
}
