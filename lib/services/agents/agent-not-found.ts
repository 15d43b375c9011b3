import { ApiError } from '@/lib/errors/api-error';

/** Someone else's agent, a deleted one and a user who is no agent are all simply not found. */
export const agentNotFound = () =>
  new ApiError('NOT_FOUND', {
    message: 'No such agent',
    hint: 'Check the id with GET /v1/operators/me/agents; deleted agents and other operators’ agents are not found.',
  });
