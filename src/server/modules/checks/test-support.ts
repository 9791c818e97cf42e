import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { checkSchema, type Check } from '../../../shared/schemas/checks';
import type { TestUser } from '../../test/factories';
import { multipartBody } from '../uploads/fixtures';

/** The design samples of issue 17 (shared/design-samples beside the repository). */
export const samplesDir = path.resolve(import.meta.dirname, '../../../../../shared/design-samples');
export const hasSamples = fs.existsSync(path.join(samplesDir, 'answer-key.json'));

export function sample(name: string): Buffer {
  return fs.readFileSync(path.join(samplesDir, name));
}

/** The Parts the requirements library draws on. */
export const CHECK_PARTS = ['213', '214', '234', '237'];

/** `POST /api/checks` with one file (and text fields before it). */
export function uploadCheck(
  app: FastifyInstance,
  user: TestUser | null,
  file: { filename: string; data: Buffer },
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const body = multipartBody(file, fields);
  return app.inject({ method: 'POST', url: '/api/checks', payload: body.payload, headers: { ...body.headers, ...(user?.headers ?? {}) } });
}

/** Uploads a file and answers the queued check's id (expecting 202). */
export async function queueCheck(app: FastifyInstance, user: TestUser, file: { filename: string; data: Buffer }): Promise<string> {
  const res = await uploadCheck(app, user, file);
  expect(res.statusCode, res.body).toBe(202);
  const body = res.json<{ id: string; status: string }>();
  expect(body.status).toBe('queued');
  return body.id;
}

/** Polls a check until it is done or failed (or the time is up, which fails the test). */
export async function settledCheck(app: FastifyInstance, user: TestUser, id: string, timeoutMs = 30_000): Promise<Check> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/api/checks/${id}`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    const check = checkSchema.parse(res.json());
    if (check.status === 'done' || check.status === 'failed') return check;
    if (Date.now() > deadline) throw new Error(`check ${id} still ${check.status} (${check.progress.stage} ${check.progress.percent} %) after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
