export * from './api-keys';
export * from './ledger';
export * from './payments';
export * from './request-control';
export * from './users';
