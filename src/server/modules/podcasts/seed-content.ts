/** The Podcast Library's demo episodes, added with the rest of the demo content on a first start (knowledge/seed.ts). */

export interface SeedPodcast {
  title: string;
  description: string;
  category: string;
  featured: boolean;
  /** Days before the seeding date. */
  daysAgo: number;
}

/** Demo episodes; the seed gives each a generated cover and a short generated jingle as audio. */
export const SEED_PODCASTS: SeedPodcast[] = [
  {
    title: 'Reading a track geometry report',
    description:
      'Gage, alinement, surface and warp: how to read a geometry car exception report against 49 CFR Part 213, and which findings call for a speed restriction today.',
    category: 'Track Engineering',
    featured: true,
    daysAgo: 3,
  },
  {
    title: 'Twenty seconds: level crossing warning time',
    description:
      'Why 20 seconds is a minimum rather than a design target, how constant-warning-time equipment predicts train arrival, and what goes wrong when line speeds rise.',
    category: 'Signalling',
    featured: false,
    daysAgo: 10,
  },
  {
    title: 'After the flood: special bridge inspections',
    description:
      'Scour, debris and displaced bearings: planning special inspections after high water, and how a bridge management programme keeps trains safe in the meantime.',
    category: 'Civil Structures',
    featured: false,
    daysAgo: 17,
  },
  {
    title: 'Hot weather and continuous welded rail',
    description: 'Neutral temperature, buckling-prone conditions and the speed restrictions that protect disturbed track through the summer.',
    category: 'Track Engineering',
    featured: false,
    daysAgo: 24,
  },
  {
    title: 'Compliance in the age of AI assistants',
    description: 'What clause-cited AI answers change for railway engineers, and where human review remains essential.',
    category: 'Industry Insights',
    featured: false,
    daysAgo: 31,
  },
];
