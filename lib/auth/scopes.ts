// What an API key may do. Operations declare the scope they need (`scope` in lib/schemas/operation.ts); a
// session acts with its user's full rights. Agent keys get every scope unless created with fewer.
export const SCOPES = [
  'tasks:read',
  'tasks:write',
  'messages:read',
  'messages:write',
  'workers:read',
  'webhooks:manage',
  'payments:read',
  'payments:write',
] as const;

export type Scope = (typeof SCOPES)[number];
