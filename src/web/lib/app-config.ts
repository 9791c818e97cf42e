import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** `GET /api/config`: the public subset of the server's configuration. */
export interface AppConfig {
  signupEnabled: boolean;
  externalUrls: { designAssistant: string | null; knowledgeHub: string | null; podcasts: string | null };
  site: {
    contact: { email: string | null; phone: string | null; linkedinUrl: string | null };
    embeds: { contactForm: string | null; demoForm: string | null };
    heroVideoUrl: string | null;
  };
}
export type ExternalSite = keyof AppConfig['externalUrls'];

/** What the app assumes until (or unless) the server answers: sign-up off, no external sites. */
export const DEFAULT_APP_CONFIG: AppConfig = {
  signupEnabled: false,
  externalUrls: { designAssistant: null, knowledgeHub: null, podcasts: null },
  site: { contact: { email: null, phone: null, linkedinUrl: null }, embeds: { contactForm: null, demoForm: null }, heroVideoUrl: null },
};

function httpUrlOrNull(value: unknown): string | null {
  return typeof value === 'string' && /^https?:\/\//i.test(value) ? value : null;
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

function objectOrEmpty(value: unknown): Record<string, unknown> {
  return (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
}

/**
 * Reads the answer defensively by hand (no zod here: this runs on every page, and keeping
 * zod out of the entry chunk halves it). Only http(s) URLs are ever used as links.
 */
export function normaliseAppConfig(raw: unknown): AppConfig {
  const value = objectOrEmpty(raw);
  const urls = objectOrEmpty(value.externalUrls);
  const site = objectOrEmpty(value.site);
  const contact = objectOrEmpty(site.contact);
  const embeds = objectOrEmpty(site.embeds);
  return {
    signupEnabled: value.signupEnabled === true,
    externalUrls: {
      designAssistant: httpUrlOrNull(urls.designAssistant),
      knowledgeHub: httpUrlOrNull(urls.knowledgeHub),
      podcasts: httpUrlOrNull(urls.podcasts),
    },
    site: {
      contact: { email: textOrNull(contact.email), phone: textOrNull(contact.phone), linkedinUrl: httpUrlOrNull(contact.linkedinUrl) },
      embeds: { contactForm: httpUrlOrNull(embeds.contactForm), demoForm: httpUrlOrNull(embeds.demoForm) },
      heroVideoUrl: httpUrlOrNull(site.heroVideoUrl),
    },
  };
}

export async function getAppConfig(): Promise<AppConfig> {
  return normaliseAppConfig(await api.get<unknown>('/config', { toast: false }));
}

/** The app configuration, falling back to the defaults while loading or on failure. */
export function useAppConfig(): AppConfig {
  const { data } = useQuery({ queryKey: ['config'], queryFn: getAppConfig, staleTime: Infinity, retry: 1 });
  return data ?? DEFAULT_APP_CONFIG;
}
