import { paths } from './paths';

/** What search engines and link previews show for a page. */
export interface PageMeta {
  description: string;
  /** Pages meant for people who were given the link, not for search results. */
  noindex?: boolean;
}

export const DEFAULT_PAGE_META: PageMeta = {
  description: 'Trackside: a compliance assistant that answers railway engineering questions with exact clause citations, plus a knowledge hub, podcasts and a community for railway engineers.',
};

const disciplinePage = (discipline: string, topics: string): PageMeta => ({
  description: `${discipline} on Trackside: ${topics}, answered against the standards with exact clause citations.`,
});

const meta: Record<string, PageMeta> = {
  [paths.home]: {
    description:
      'Railway expertise, on demand: ask design and compliance questions and get answers that cite the exact clauses of the railway standards they rest on.',
  },
  [paths.about]: {
    description: "About Trackside, the AI platform built solely for the railway sector: our values, our technology and the metro, regional, high-speed and freight rail we serve.",
  },
  [paths.disciplines]: {
    description: 'Track, structures, geotechnical, drainage, signalling, electrical and systems engineering: the railway disciplines Trackside advises on.',
  },
  [paths.disciplineTrack]: disciplinePage('Track engineering', 'track geometry, classes of track, inspection and maintenance limits'),
  [paths.disciplineStructures]: disciplinePage('Civil structures', 'bridge safety, inspection and load rating'),
  [paths.disciplineSignalling]: disciplinePage('Signalling', 'signal and train control systems, inspection and testing'),
  [paths.disciplineElectrical]: disciplinePage('Electrical systems', 'traction power, locomotive electrical safety and grade crossing warning systems'),
  [paths.disciplineGeotechnical]: disciplinePage('Geotechnical engineering', 'roadbed, drainage and earthworks supporting the track'),
  [paths.pricing]: { description: 'Trackside plans: Basic, Professional and Enterprise.' },
  [paths.contact]: { description: 'Contact the Trackside team of railway engineering experts.' },
  [paths.requestDemo]: { description: 'Request a demo of Trackside.', noindex: true },
  [paths.flyer]: { description: 'Trackside investor and sponsor information.', noindex: true },
  [paths.knowledgeHub]: { description: 'Articles and whitepapers on railway engineering and compliance, searchable by category and tag.' },
  [paths.podcastLibrary]: { description: 'The Trackside podcast library: conversations on railway design, compliance and operations.' },
  [paths.communityForum]: { description: 'The Trackside community forum: railway engineers asking and answering questions.' },
  [paths.designAssistant]: { description: 'The Trackside Design Assistant for railway engineers.' },
  [paths.login]: { description: 'Sign in to Trackside.' },
};

export function pageMetaFor(pathname: string): PageMeta {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return meta[normalised] ?? DEFAULT_PAGE_META;
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
  paths.login,
  paths.forgotPassword,
] as const;
