import { z } from 'zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string can be a record's id (every id Trackside issues is a UUID). */
export const isUuid = (value: string): boolean => UUID.test(value);

/** Marks a failed id check so the error handler answers 404, not 400: see {@link idParam}. */
export const NOT_FOUND_ISSUE = { notFound: true } as const;

/**
 * A path parameter that names a record by id. A value that is not a UUID names no record, so the
 * request fails at the boundary as not found (404 with `notFound`), the same as an unknown id;
 * services then only ever see ids that can exist.
 */
export const idParam = (notFound: string) => z.string().refine(isUuid, { message: notFound, params: NOT_FOUND_ISSUE });
