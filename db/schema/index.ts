export * from './agents';
export * from './api-keys';
export * from './ledger';
export * from './mail';
export * from './payments';
export * from './request-control';
export * from './tasks';
export * from './users';
