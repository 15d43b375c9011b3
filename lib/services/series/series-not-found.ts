import { ApiError } from '@/lib/errors/api-error';

export const seriesNotFound = () =>
  new ApiError('NOT_FOUND', {
    message: 'Task series not found',
    hint: 'List your recurring tasks with GET /v1/task-series.',
  });

export const seriesEnded = () => new ApiError('SERIES_ENDED');
