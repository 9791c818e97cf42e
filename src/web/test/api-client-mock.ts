import { vi } from 'vitest';
import { AppError, ErrorCode } from '../../shared/errors';

/**
 * A stand-in for `src/web/lib/api-client` in component tests. Use with
 * `vi.mock('<relative>/lib/api-client', () => import('<relative>/test/api-client-mock'))`
 * and route requests with `mockApiGet`.
 */
export const api = {
  get: vi.fn(),
  post: vi.fn(),
  put: vi.fn(),
  patch: vi.fn(),
  delete: vi.fn(),
  postForm: vi.fn(),
};
export const apiStream = vi.fn();
export const apiRequest = vi.fn();
export const apiDownload = vi.fn();
export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred';

/** Answers GETs from a path → value table (a function value is called); anything else 404s. */
export function mockApiGet(table: Record<string, unknown>): void {
  api.get.mockImplementation(async (path: string) => {
    if (!(path in table)) throw new AppError(ErrorCode.notFound, 'This API route does not exist', 404);
    const value = table[path];
    return typeof value === 'function' ? (value as () => unknown)() : structuredClone(value);
  });
}

export function resetApiMock(): void {
  for (const fn of [...Object.values(api), apiStream, apiRequest, apiDownload]) fn.mockReset();
}
