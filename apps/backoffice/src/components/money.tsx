import { formatCurrency } from '@lc/ui/format-currency';
import { Text } from '@mantine/core';

/** An amount (a decimal string from the API) in the one amount format of both apps, as plain text. */
export function Money({ amount, currency = 'THB' }: { amount: string | null; currency?: 'THB' | 'LAK' }) {
  if (amount === null) return <Text span>—</Text>;
  return (
    <Text span size="sm" className="lc-code" style={{ whiteSpace: 'nowrap' }}>
      {formatCurrency(amount, currency)}
    </Text>
  );
}
