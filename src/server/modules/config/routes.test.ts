import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, type TestContext } from '../../test/app';

describe('GET /api/config', () => {
  const ctx = useTestApp();
  const extra: TestContext[] = [];
  afterAll(async () => {
    for (const c of extra) await c.app.close();
  });

  it('answers the public settings, and nothing else, without signing in', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      signupEnabled: false,
      externalUrls: { designAssistant: null, knowledgeHub: null, podcasts: null },
      site: { contact: { email: null, phone: null, linkedinUrl: null }, embeds: { contactForm: null, demoForm: null }, heroVideoUrl: null },
    });
  });

  it('reflects SIGNUP_ENABLED and the external URLs', async () => {
    const configured = await createTestApp(
      {
        SIGNUP_ENABLED: 'true',
        DESIGN_ASSISTANT_URL: 'https://design.example.com',
        KNOWLEDGE_HUB_URL: 'https://hub.example.com/',
        PODCASTS_URL: 'https://podcasts.example.com',
        CONTACT_EMAIL: 'hello@trackside.example',
        CONTACT_PHONE: '+44 20 7946 0000',
        CONTACT_LINKEDIN_URL: 'https://www.linkedin.com/company/trackside-example',
        DEMO_FORM_EMBED_URL: 'https://forms.example.com/demo',
        HERO_VIDEO_URL: 'https://media.example.com/hero.mp4',
        ADMIN_PASSWORD: 'Secret-Admin-1',
        SMTP_URL: 'smtp://user:secret@mail.example.com',
      },
      ctx().database,
    );
    extra.push(configured);
    const res = await configured.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({
      signupEnabled: true,
      externalUrls: { designAssistant: 'https://design.example.com', knowledgeHub: 'https://hub.example.com/', podcasts: 'https://podcasts.example.com' },
      site: {
        contact: { email: 'hello@trackside.example', phone: '+44 20 7946 0000', linkedinUrl: 'https://www.linkedin.com/company/trackside-example' },
        embeds: { contactForm: null, demoForm: 'https://forms.example.com/demo' },
        heroVideoUrl: 'https://media.example.com/hero.mp4',
      },
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('Secret');
  });

  it.each(['false', '0', 'off'])('reads SIGNUP_ENABLED=%s as off', async (value) => {
    const configured = await createTestApp({ SIGNUP_ENABLED: value }, ctx().database);
    extra.push(configured);
    expect((await configured.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({ signupEnabled: false });
  });
});
