import type { PageRead } from '../../shared/live-page';
import { HUB_SEARCH_PARAMS, hubReads } from '../features/knowledge/api/query-keys';
import { podcastKeys } from '../features/podcasts/api/query-keys';
import { standardsListRead } from '../lib/standards-keys';
import { paths } from './paths';

/** What search engines and link previews show for a page. */
export interface PageMeta {
  description: string;
  /** Pages meant for people who were given the link, not for search results. */
  noindex?: boolean;
  /**
   * API reads the page makes as it loads (for a guest: the server's rendering is shared by
   * everyone). The server renders such a page per request with their answers
   * (src/server/plugins/live-pages.ts); the HTML rendered at build time, served when it cannot,
   * asks for them at once, so that they arrive with the scripts instead of after them. A
   * function when they depend on the address's query (given `searchParams`).
   */
  reads?: readonly PageRead[] | ((search: URLSearchParams) => readonly PageRead[]);
  /**
   * The query parameters a page with reads renders differently for (its tab, its filters): the
   * server renders it with these, and only these, kept. Others are left out, as at build time.
   */
  searchParams?: readonly string[];
}

export const DEFAULT_PAGE_META: PageMeta = {
  description:
    'Trackside: a compliance assistant that answers railway engineering questions with exact clause citations, plus a knowledge hub, podcasts and a community for railway engineers.',
};

const meta: Record<string, PageMeta> = {
  [paths.home]: {
    description:
      'Railway expertise, on demand: ask design and compliance questions and get answers that cite the exact clauses of the railway standards they rest on.',
  },
  [paths.about]: {
    description:
      'About Trackside, the AI platform built solely for the railway sector: our values, our technology and the metro, regional, high-speed and freight rail we serve.',
  },
  [paths.disciplines]: {
    description:
      'Specialist advisors for track, structures, geotechnical, drainage, signalling, electrical and systems engineering, with answers that cite the clauses they rely on.',
  },
  [paths.disciplineTrack]: {
    description: 'Track engineering on Trackside: classes of track, gage and geometry limits, CWR plans and inspections, cited from 49 CFR Part 213.',
  },
  [paths.disciplineStructures]: {
    description: 'Civil structures on Trackside: bridge management programs, load capacity and inspection scheduling, cited from 49 CFR Part 237.',
  },
  [paths.disciplineSignalling]: {
    description: 'Signalling on Trackside: grade crossing warning systems and railroad radio rules, cited from 49 CFR Parts 234 and 220.',
  },
  [paths.disciplineElectrical]: {
    description: 'Electrical systems on Trackside: locomotive electrical safety and locomotive electronics, cited from 49 CFR Part 229.',
  },
  [paths.disciplineGeotechnical]: {
    description: 'Geotechnical on Trackside: roadbed, ballast and drainage, and inspections after floods and storms, cited from 49 CFR Parts 213 and 237.',
  },
  [paths.pricing]: { description: 'Trackside plans: Basic $149 a month, Professional $349 a month and Enterprise with custom pricing.' },
  [paths.contact]: { description: "Contact Trackside's railway engineering experts about plans, standards or your project." },
  [paths.requestDemo]: { description: "Request a demo of Trackside's compliance and design assistants for your team.", noindex: true },
  [paths.flyer]: { description: 'Trackside investment opportunity: AI assistants for a $2.7 trillion railway infrastructure market.', noindex: true },
  [paths.knowledgeHub]: {
    description: 'Articles and whitepapers on railway engineering and compliance, searchable by category and tag.',
    reads: hubReads,
    searchParams: HUB_SEARCH_PARAMS,
  },
  [paths.podcastLibrary]: {
    description: 'The Trackside podcast library: conversations on railway design, compliance and operations.',
    reads: [
      { path: '/api/podcasts', queryKey: podcastKeys.list },
      { path: '/api/categories', queryKey: podcastKeys.categories },
    ],
  },
  [paths.communityForum]: { description: 'The Trackside community forum: railway engineers asking and answering questions.' },
  [paths.designAssistant]: {
    description: 'The Trackside Design Assistant: code generation, design documentation and smart recommendations for railway engineers.',
  },
  [paths.login]: { description: 'Sign in to Trackside.' },
  [paths.acceptInvite]: { description: 'Accept your invitation to Trackside and choose a password.', noindex: true },
  [paths.confirmEmail]: { description: 'Confirm the new e-mail address of your Trackside account.', noindex: true },
  [paths.standards]: {
    description:
      'The standards library behind the Trackside Compliance Assistant: US, Canadian and EU railway standards, each browsable section by section, with a link to every clause.',
    reads: [standardsListRead],
  },
};

export function pageMetaFor(pathname: string): PageMeta {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return meta[normalised] ?? DEFAULT_PAGE_META;
}

/** The reads of a page for the address's query `search` ('' or '?…'). */
export function readsFor(page: PageMeta, search = ''): readonly PageRead[] {
  const { reads = [] } = page;
  return typeof reads === 'function' ? reads(new URLSearchParams(search)) : reads;
}

/** The page's `searchParams` out of `search`, in their declared order, each once ('' when none are there). */
export function renderedSearchOf(page: PageMeta, search: string): string {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of page.searchParams ?? []) {
    const value = given.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : '';
}

/**
 * Public pages rendered to HTML at build time (scripts/build-web.ts) and hydrated in the
 * browser, so they paint before any script runs. Protected pages are not: their content
 * depends on who is signed in.
 */
export const PRERENDERED_PATHS = [
  paths.home,
  paths.about,
  paths.disciplines,
  paths.disciplineTrack,
  paths.disciplineStructures,
  paths.disciplineSignalling,
  paths.disciplineElectrical,
  paths.disciplineGeotechnical,
  paths.contact,
  paths.requestDemo,
  paths.flyer,
  paths.designAssistant,
  paths.knowledgeHub,
  paths.podcastLibrary,
  paths.communityForum,
  paths.standards,
  paths.login,
  paths.forgotPassword,
] as const;

/**
 * Signed-in-only pages (SPEC §2 route guards). Each is built with the sign-in page beside an
 * empty root (scripts/build-web.ts): a visitor without a stored session is shown it at once,
 * at /login, as the guard would, instead of after the scripts and the sign-in chunk load.
 */
export const SIGNED_IN_ONLY_PATHS = [paths.chat, paths.pricing, paths.profile, paths.checks, paths.notices, paths.compare] as const;
