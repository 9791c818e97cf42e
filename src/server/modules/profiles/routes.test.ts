import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import type { Profile } from '../../../shared/schemas/profile';
import { useTestApp } from '../../test/app';
import { buildUser } from '../../test/factories';

const complete = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  companyName: 'Metro Rail',
  jobTitle: 'Track Engineer',
  phoneNumber: '+61 3 9000-0000',
};

describe('profiles API', () => {
  const ctx = useTestApp();
  const getMe = (headers?: { authorization: string }) => ctx().app.inject({ method: 'GET', url: '/api/profiles/me', ...(headers ? { headers } : {}) });
  const patchMe = (headers: { authorization: string } | undefined, payload: object) =>
    ctx().app.inject({ method: 'PATCH', url: '/api/profiles/me', payload, ...(headers ? { headers } : {}) });

  it('creates the profile with id and e-mail on the first read (only the e-mail counts: 25%)', async () => {
    const user = await buildUser(ctx());
    const res = await getMe(user.headers);
    expect(res.statusCode).toBe(200);
    const profile = res.json<Profile>();
    expect(profile).toMatchObject({
      id: user.id,
      email: user.email,
      fullName: null,
      companyName: null,
      jobTitle: null,
      phoneNumber: null,
      completion: { percentage: 25, isComplete: false, missingRequired: ['fullName'] },
    });
    expect(Date.parse(profile.createdAt)).not.toBeNaN();

    // The second read finds the same row.
    const again = (await getMe(user.headers)).json<Profile>();
    expect(again.createdAt).toBe(profile.createdAt);
    expect(again.id).toBe(user.id);
  });

  it('saves valid fields and scores a full profile 100', async () => {
    const user = await buildUser(ctx());
    // The e-mail is the account's (it changes through "Change e-mail" only), sent back unchanged.
    const full = { ...complete, email: user.email };
    const res = await patchMe(user.headers, full);
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json<Profile>();
    expect(profile).toMatchObject({ id: user.id, ...full, completion: { percentage: 100, isComplete: true, missingRequired: [] } });
    expect((await getMe(user.headers)).json<Profile>()).toMatchObject(full);
  });

  it('updates only the fields sent, trims them and clears optional ones with an empty string', async () => {
    const user = await buildUser(ctx());
    await patchMe(user.headers, { ...complete, email: user.email });
    const res = await patchMe(user.headers, { jobTitle: '  Signal Designer  ', phoneNumber: '' });
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json<Profile>();
    expect(profile).toMatchObject({ fullName: complete.fullName, companyName: complete.companyName, jobTitle: 'Signal Designer', phoneNumber: null });
    expect(profile.completion).toEqual({ percentage: 80, isComplete: false, missingRequired: [] });
  });

  it('creates the row on a first PATCH too', async () => {
    const user = await buildUser(ctx());
    const res = await patchMe(user.headers, { fullName: 'Grace Hopper' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Profile>()).toMatchObject({ id: user.id, email: user.email, fullName: 'Grace Hopper', completion: { percentage: 50 } });
  });

  it.each([
    [{ fullName: 'Ada' }, 'fullName', messages.validation.fullNameTwoWords],
    [{ fullName: '' }, 'fullName', messages.validation.fullNameRequired],
    [{ phoneNumber: 'abc' }, 'phoneNumber', messages.validation.phoneNumber],
    [{ phoneNumber: '12345' }, 'phoneNumber', messages.validation.phoneNumber],
    [{ phoneNumber: '1'.repeat(21) }, 'phoneNumber', messages.validation.phoneNumber],
    [{ email: 'not-an-email' }, 'email', messages.validation.invalidEmail],
  ])('rejects %j with the shared message', async (payload, field, message) => {
    const user = await buildUser(ctx());
    const res = await patchMe(user.headers, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; error: string; details: { path: string; message: string }[] }>();
    expect(body).toMatchObject({ code: 'validation_failed', error: message });
    expect(body.details[0]).toEqual({ path: `body.${field}`, message });
    // Nothing was saved.
    expect((await getMe(user.headers)).json<Profile>()).toMatchObject({ fullName: null, phoneNumber: null, email: user.email });
  });

  it('answers 401 when signed out', async () => {
    const get = await getMe();
    expect(get.statusCode).toBe(401);
    expect(get.json()).toMatchObject({ code: 'no_authorization' });
    expect((await patchMe(undefined, { fullName: 'No One' })).statusCode).toBe(401);
    expect((await getMe({ authorization: 'Bearer nonsense' })).statusCode).toBe(401);
  });

  it('gives each user their own profile', async () => {
    const alice = await buildUser(ctx());
    const bob = await buildUser(ctx());
    await patchMe(alice.headers, { fullName: 'Alice Example', companyName: 'Alice Co' });
    const bobs = (await getMe(bob.headers)).json<Profile>();
    expect(bobs).toMatchObject({ id: bob.id, email: bob.email, fullName: null, companyName: null });
    await patchMe(bob.headers, { fullName: 'Bob Example' });
    expect((await getMe(alice.headers)).json<Profile>()).toMatchObject({ id: alice.id, fullName: 'Alice Example', companyName: 'Alice Co' });
  });
});
