import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { serverFieldErrors, serverMessage } from './server-errors';

describe('serverMessage (SPEC §8: the server message if present, else the fallback)', () => {
  it("uses the server's own message", () => {
    expect(serverMessage(new AppError('already_exists', 'A tag with this name already exists', 409), 'Failed to add tag')).toBe(
      'A tag with this name already exists',
    );
  });

  it('falls back for status lines, dropped connections and other errors', () => {
    expect(serverMessage(new AppError('http_502', 'Bad Gateway', 502), 'Failed to add tag')).toBe('Failed to add tag');
    expect(serverMessage(new AppError('network_error', 'An unexpected error occurred', 0), 'Failed to add tag')).toBe('Failed to add tag');
    expect(serverMessage(new Error('boom'), 'Failed to add tag')).toBe('Failed to add tag');
  });

  it('reads field messages from the details', () => {
    const error = new AppError('validation_failed', 'Title is required', 400, [
      { path: 'body.title', message: 'Title is required' },
      { path: 'body.tags.1', message: 'There is no such tag' },
    ]);
    expect(serverFieldErrors(error)).toEqual({ title: 'Title is required', tags: 'There is no such tag' });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});
