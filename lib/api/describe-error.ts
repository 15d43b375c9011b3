import { z } from 'zod';
import { ApiError } from '@/lib/errors/api-error';

/** A one-line message for a dashboard form: the first validation issue, or an ApiError's message. */
export function describeActionError(error: unknown): string {
  if (error instanceof z.ZodError) {
    const issue = error.issues[0];
    return issue ? `${issue.path.join('.') || 'Input'}: ${issue.message}` : 'Invalid input';
  }
  if (error instanceof ApiError) {
    const issue = error.issues?.[0];
    return issue ? `${issue.path.join('.') || 'Input'}: ${issue.message}` : error.message;
  }
  throw error;
}
