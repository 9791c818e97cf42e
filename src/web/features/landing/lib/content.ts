import {
  BookOpenCheckIcon,
  BrainCircuitIcon,
  BuildingIcon,
  CableIcon,
  FileCheckIcon,
  GaugeIcon,
  HeadphonesIcon,
  LibraryBigIcon,
  RadioTowerIcon,
  ScaleIcon,
  ShieldCheckIcon,
  TrainTrackIcon,
  UsersIcon,
  WorkflowIcon,
  ZapIcon,
  type LucideIcon,
} from 'lucide-react';
import type { ChatDiscipline } from '../../../../shared/chat-disciplines';

/** SPEC §2 Landing page: the texts and lists the sections show (SPEC §3 Solution card, Feature card, Landing discipline, Sponsor logo). */

export const HERO_HEADLINE = 'Railway Expertise, On-Demand: Streamline Your Design & Compliance';
export const HERO_POSTER = { src: '/images/hero-track.svg', width: 1600, height: 900 } as const;

export const CONSTRUCTION_BANNER = 'Website under construction - Some features may not be available yet';

export type SolutionTag = 'Compliance' | 'Expertise' | 'Automation' | 'Predictive' | 'Standardization';

export interface SolutionCardContent {
  tag: SolutionTag;
  problem: string;
  solution: string;
}

export const SOLUTIONS: readonly SolutionCardContent[] = [
  {
    tag: 'Compliance',
    problem: 'Checking a design against hundreds of pages of standards takes days, and a missed clause surfaces late in review.',
    solution: 'Ask in plain words and get an answer that cites the exact clause, standard and heading it rests on.',
  },
  {
    tag: 'Expertise',
    problem: 'Senior specialists are scarce, and junior engineers wait for answers that block their work.',
    solution: 'Discipline-aware guidance is available at any hour, so experts spend their time on the hard questions.',
  },
  {
    tag: 'Automation',
    problem: 'Compliance notes and reports are written by hand, copied between documents and easily drift out of date.',
    solution: 'Export a conversation with its citations as a report, ready to attach to a design submission.',
  },
  {
    tag: 'Predictive',
    problem: 'Defects such as gauge spread or track buckling are found on inspection, after a speed restriction is needed.',
    solution: 'Find the limits and inspection intervals that apply before the next inspection run, not after it.',
  },
  {
    tag: 'Standardization',
    problem: 'Teams on different projects read the same standard differently, and every interpretation is argued afresh.',
    solution: 'One shared library of standards and clauses gives every team the same reference and the same wording.',
  },
];

export interface FeatureContent {
  title: string;
  description: string;
  icon: LucideIcon;
}

export const FEATURES: readonly FeatureContent[] = [
  {
    title: 'Clause-Cited Answers',
    description: 'Every statement points to the clause it comes from. When nothing in the loaded standard covers a question, the assistant says so.',
    icon: FileCheckIcon,
  },
  {
    title: 'Discipline Aware',
    description: 'Choose track, structures, signalling or electrical, and answers favour the clauses of that discipline.',
    icon: BrainCircuitIcon,
  },
  {
    title: 'Standards Library',
    description: 'Browse the standards and clauses the assistant cites, with deep links from every answer.',
    icon: LibraryBigIcon,
  },
  {
    title: 'Knowledge Hub',
    description: 'Articles and whitepapers on railway engineering practice, written for working engineers.',
    icon: BookOpenCheckIcon,
  },
  {
    title: 'Podcast Library',
    description: 'Conversations with railway engineers on design, maintenance and delivery, to listen to on the move.',
    icon: HeadphonesIcon,
  },
  {
    title: 'Community Forum',
    description: 'Ask other engineers, share lessons learned and follow the discussions of your discipline.',
    icon: UsersIcon,
  },
];

export interface LandingDiscipline {
  title: string;
  description: string;
  icon: LucideIcon;
  available: boolean;
  /** The Compliance Assistant's name for it (SPEC §3: spelt with 'and'). */
  chatDiscipline: ChatDiscipline;
}

export const LANDING_DISCIPLINES: readonly LandingDiscipline[] = [
  {
    title: 'Track & Civil',
    description: 'Track geometry, rails and sleepers, ballast, drainage and earthworks.',
    icon: TrainTrackIcon,
    available: true,
    chatDiscipline: 'Track and Civil',
  },
  {
    title: 'Structures',
    description: 'Bridges, tunnels, retaining walls and platforms.',
    icon: BuildingIcon,
    available: false,
    chatDiscipline: 'Structures',
  },
  {
    title: 'Signaling',
    description: 'Interlocking, train detection, signals and level crossings.',
    icon: RadioTowerIcon,
    available: false,
    chatDiscipline: 'Signaling',
  },
  {
    title: 'Electrical',
    description: 'Traction power, overhead line equipment and earthing.',
    icon: ZapIcon,
    available: false,
    chatDiscipline: 'Electrical',
  },
  {
    title: 'Operation & Train Controls',
    description: 'Train control systems, operating rules and network capacity.',
    icon: GaugeIcon,
    available: false,
    chatDiscipline: 'Operation and Train Controls',
  },
  {
    title: 'Good Practices',
    description: 'Lessons learned and recommended practice across disciplines.',
    icon: WorkflowIcon,
    available: false,
    chatDiscipline: 'Good Practices',
  },
];

export interface SponsorLogo {
  src: string;
  alt: string;
}

/** Placeholder marks of fictional partners, drawn for Trackside (public/images/partners). */
export const SPONSOR_LOGOS: readonly SponsorLogo[] = [
  { src: '/images/partners/meridian-rail.svg', alt: 'Meridian Rail' },
  { src: '/images/partners/northline-signalling.svg', alt: 'Northline Signalling' },
  { src: '/images/partners/ironbridge-civil.svg', alt: 'Ironbridge Civil' },
  { src: '/images/partners/pantograph-labs.svg', alt: 'Pantograph Labs' },
  { src: '/images/partners/granite-geotech.svg', alt: 'Granite Geotech' },
  { src: '/images/partners/sleeper-analytics.svg', alt: 'Sleeper Analytics' },
];

export interface Testimonial {
  quote: string;
  role: string;
  organisation: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote: 'Having the clause reference next to every answer means I can check it myself in seconds instead of searching the whole standard.',
    role: 'Senior Track Engineer',
    organisation: 'Metropolitan rail operator (early access)',
  },
  {
    quote: 'Our graduates get unblocked without waiting for a specialist, and the citations make their work easy to review.',
    role: 'Engineering Manager',
    organisation: 'Rail infrastructure contractor (early access)',
  },
  {
    quote: 'It tells you plainly when the standard does not cover something. That honesty is what makes it usable for design work.',
    role: 'Design Lead, Civil',
    organisation: 'Engineering consultancy (early access)',
  },
];

export interface TrustPoint {
  title: string;
  description: string;
  icon: LucideIcon;
}

export const TRUST_POINTS: readonly TrustPoint[] = [
  { title: 'Cited, never invented', description: 'Only clauses found in the library are ever shown.', icon: ScaleIcon },
  { title: 'Your data stays yours', description: 'Questions and conversations are private to your account.', icon: ShieldCheckIcon },
  { title: 'Built for rail', description: 'Railway vocabulary, disciplines and standards, not a general chatbot.', icon: CableIcon },
];

/** SPEC §5 Consultation question and §8: the toast for an empty question. */
export const CONSULTATION = {
  signedInButton: 'Get Expert Guidance',
  signedOutButton: 'Sign in to Ask Questions',
  signedOutNote: 'You need to sign in to ask questions and get personalized answers',
  processing: 'Processing...',
  questionRequiredTitle: 'Question required',
  questionRequiredDescription: 'Please enter your railway engineering question',
} as const;

/** SPEC §9 Layout. */
export const LAYOUT = {
  ringRotationSeconds: 20,
  ringRadiusPx: 180,
  ringMinHeightPx: 400,
  cardRevealThreshold: 0.2,
  cardRevealStaggerMs: 150,
  sectionRevealThreshold: 0.1,
} as const;
