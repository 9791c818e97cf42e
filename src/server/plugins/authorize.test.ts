import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { buildUser, type TestUser } from '../test/factories';

interface Operation {
  method: string;
  path: string;
  security?: unknown[];
  'x-access'?: 'user' | 'admin';
}

const WITH_BODY = new Set(['post', 'put', 'patch']);

/** Every operation of the OpenAPI document, its path parameters filled with a value no route accepts. */
async function operations(ctx: ReturnType<ReturnType<typeof useTestApp>>): Promise<Operation[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = res.json<{ paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> }>();
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ ...op, method, path: path.replace(/\{[^}]+\}/g, 'not-an-id') })),
  );
}

describe('authorization matrix: every operation as anonymous, user and admin', () => {
  const ctx = useTestApp();

  /** The call with a body and parameters no route would accept: a guard must answer before they are read. */
  const call = (op: Operation, who?: TestUser) =>
    ctx().app.inject({
      method: op.method.toUpperCase() as 'GET',
      url: op.path,
      headers: { ...(who?.headers ?? {}), ...(WITH_BODY.has(op.method) ? { 'content-type': 'application/json' } : {}) },
      ...(WITH_BODY.has(op.method) ? { payload: '{"not json' } : {}),
    });

  it('declares the bearer scheme on every guarded operation, and says which need an admin', async () => {
    const ops = await operations(ctx());
    const guarded = ops.filter((op) => op.security);
    expect(guarded.length).toBeGreaterThan(40);
    for (const op of guarded) expect(op['x-access'], `${op.method} ${op.path}`).toMatch(/^(user|admin)$/);
    const admin = guarded.filter((op) => op['x-access'] === 'admin').map((op) => `${op.method} ${op.path}`);
    expect(admin).toEqual(
      expect.arrayContaining(['post /api/uploads/not-an-id', 'delete /api/admin/standards/documents/not-an-id', 'get /api/forum/moderation/queue']),
    );
    const user = guarded.filter((op) => op['x-access'] === 'user').map((op) => `${op.method} ${op.path}`);
    expect(user).toEqual(expect.arrayContaining(['post /api/chat/', 'patch /api/profiles/me', 'get /api/chat/threads/not-an-id', 'get /api/auth/user']));
  });

  it('answers 401 to a signed-out caller and 403 to a non-admin before validating anything; lets the right caller through to validation', async () => {
    const ops = await operations(ctx());
    const user = await buildUser(ctx());
    const admin = await buildUser(ctx(), { admin: true });
    const wrong: string[] = [];
    for (const op of ops.filter((o) => o.security)) {
      const name = `${op.method} ${op.path}`;
      const anonymous = await call(op);
      if (anonymous.statusCode !== 401) wrong.push(`${name} anonymous → ${anonymous.statusCode}`);
      const asUser = await call(op, user);
      if (op['x-access'] === 'admin' && asUser.statusCode !== 403) wrong.push(`${name} user → ${asUser.statusCode}`);
      if (op['x-access'] === 'user' && [401, 403].includes(asUser.statusCode)) wrong.push(`${name} user → ${asUser.statusCode}`);
      if (op['x-access'] === 'admin') {
        const asAdmin = await call(op, admin);
        if ([401, 403].includes(asAdmin.statusCode)) wrong.push(`${name} admin → ${asAdmin.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never answers 401 on a public operation to a caller without a token, but where a guest asks for members-only content', async () => {
    // A guest reads only the forum's preview topics; any other topic asks them to sign in.
    const membersOnlyContent = new Set(['get /api/forum/topics/not-an-id']);
    const ops = await operations(ctx());
    const wrong: string[] = [];
    for (const op of ops.filter((o) => !o.security && !membersOnlyContent.has(`${o.method} ${o.path}`))) {
      const res = await call(op);
      if (res.statusCode === 401) wrong.push(`${op.method} ${op.path}`);
    }
    expect(wrong).toEqual([]);
  });
});
