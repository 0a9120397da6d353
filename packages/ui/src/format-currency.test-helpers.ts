/**
 * The amounts that must print the same in Node and in every browser (issue #16, item 3), with what the app
 * shows for each. Read by format-currency.test.ts (Node) and e2e/deposit-phone.spec.ts (Chromium).
 */
export const AMOUNT_FORMAT_CASES: ReadonlyArray<{ amount: string; currency: 'THB' | 'LAK'; shown: string }> =
  [
    { amount: '0', currency: 'THB', shown: '฿0.00' },
    { amount: '0', currency: 'LAK', shown: '₭0' },
    { amount: '0.01', currency: 'THB', shown: '฿0.01' },
    { amount: '1234.5', currency: 'THB', shown: '฿1,234.50' },
    { amount: '20000000', currency: 'LAK', shown: '₭20,000,000' },
    { amount: '100000.00', currency: 'THB', shown: '฿100,000.00' },
    { amount: '312.25', currency: 'THB', shown: '฿312.25' },
    { amount: '200000', currency: 'LAK', shown: '₭200,000' },
    { amount: '-5', currency: 'THB', shown: '฿-5.00' },
    { amount: '12345678901234567.89', currency: 'THB', shown: '฿12,345,678,901,234,567.89' },
  ];
