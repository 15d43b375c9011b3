import { ApiError } from '@/lib/errors/api-error';

export const agentNotFound = () =>
  new ApiError('NOT_FOUND', {
    message: 'No such agent',
    hint: 'Check the id with GET /v1/operators/me/agents; deleted agents and other operators’ agents are not found.',
  });
