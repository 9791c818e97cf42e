import { AppError } from '../../../../shared/errors';

/** A 4xx (not found, not yours, signed out) will not change on a retry; anything else is tried once more. */
export function retryUnlessRefused(failureCount: number, error: Error): boolean {
  if (error instanceof AppError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
