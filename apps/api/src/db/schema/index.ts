export * from './agency';
export * from './audit';
export * from './bank-accounts';
export * from './ledger';
export * from './ops-credits';
export * from './players';
export * from './rates';
export * from './sandbox-providers';
