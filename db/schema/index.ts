export * from './api-keys';
export * from './request-control';
export * from './users';
