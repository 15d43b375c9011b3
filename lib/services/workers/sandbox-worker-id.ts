/** Fixed, and no sign-up can ever become it. */
export const SANDBOX_WORKER_ID = '5a4db0c0-0000-4000-8000-000000000001';
