export * from './agency';
export * from './bank-accounts';
export * from './players';
