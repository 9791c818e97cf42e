import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** `GET /api/config`: the public subset of the server's configuration. */
export interface AppConfig {
  signupEnabled: boolean;
  externalUrls: { designAssistant: string | null; knowledgeHub: string | null; podcasts: string | null };
}
export type ExternalSite = keyof AppConfig['externalUrls'];

/** What the app assumes until (or unless) the server answers: sign-up off, no external sites. */
export const DEFAULT_APP_CONFIG: AppConfig = {
  signupEnabled: false,
  externalUrls: { designAssistant: null, knowledgeHub: null, podcasts: null },
};

function httpUrlOrNull(value: unknown): string | null {
  return typeof value === 'string' && /^https?:\/\//i.test(value) ? value : null;
}

/**
 * Reads the answer defensively by hand (no zod here: this runs on every page, and keeping
 * zod out of the entry chunk halves it). Only http(s) URLs are ever used as links.
 */
export function normaliseAppConfig(raw: unknown): AppConfig {
  const value = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const urls = (typeof value.externalUrls === 'object' && value.externalUrls !== null ? value.externalUrls : {}) as Record<string, unknown>;
  return {
    signupEnabled: value.signupEnabled === true,
    externalUrls: {
      designAssistant: httpUrlOrNull(urls.designAssistant),
      knowledgeHub: httpUrlOrNull(urls.knowledgeHub),
      podcasts: httpUrlOrNull(urls.podcasts),
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
