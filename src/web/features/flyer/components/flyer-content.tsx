import {
  ArrowRightIcon,
  BookOpenIcon,
  CalendarCheckIcon,
  ClipboardCheckIcon,
  CpuIcon,
  GaugeIcon,
  HardHatIcon,
  HeadsetIcon,
  LayersIcon,
  LockKeyholeIcon,
  MailIcon,
  MessagesSquareIcon,
  MicIcon,
  PencilRulerIcon,
  ServerCogIcon,
  ShieldCheckIcon,
  TrophyIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { paths } from '../../../app/paths';
import { PageSection } from '../../../components/layout/page-section';
import { Button } from '../../../components/ui/button';

interface Item {
  title: string;
  text: string;
  icon: LucideIcon;
  note?: string;
}

const MARKET: Item[] = [
  {
    title: 'Speed Challenge',
    text: 'Engineers spend hours searching standards for the clause that applies, and design reviews wait in queues for the few specialists who know them by heart.',
    icon: GaugeIcon,
  },
  {
    title: 'Complexity Reality',
    text: 'Every network has its own regulations, standards and codes of practice, revised often and spread across thousands of pages. One missed clause means rework, delay or risk.',
    icon: LayersIcon,
  },
  {
    title: 'Our Solution',
    text: 'AI assistants built only for railways: questions answered from the loaded standards in seconds, with every answer citing the clauses it relies on.',
    icon: CpuIcon,
  },
];

const PRODUCTS: Item[] = [
  {
    title: 'Compliance Assistant',
    text: 'Ask a question in plain words, choose the standard and discipline, and get an answer that cites the exact clauses, with a link to each one.',
    icon: ClipboardCheckIcon,
    note: 'Live today',
  },
  {
    title: 'Design Assistant',
    text: 'Design support for railway engineers: calculation code, design documentation and recommendations, reached with the same Trackside account.',
    icon: PencilRulerIcon,
    note: 'Available to signed-in users',
  },
  {
    title: 'Construction Assistant',
    text: 'Site-side support for construction teams: method statements, inspection checklists and hold points drawn from the same standards library.',
    icon: HardHatIcon,
    note: 'In development',
  },
];

const ECOSYSTEM: Item[] = [
  { title: 'Knowledge Hub', text: 'Articles and whitepapers by practising engineers, searchable by category and tag.', icon: BookOpenIcon },
  { title: 'Podcast Library', text: 'Conversations with railway engineers and asset owners, to listen to on the way to site.', icon: MicIcon },
  { title: 'Community Forum', text: 'An AI-moderated forum where engineers compare notes across networks and disciplines.', icon: MessagesSquareIcon },
];

const HIGHLIGHTS: Item[] = [
  {
    title: 'Market position',
    text: 'A platform dedicated solely to the railway sector, in a market that general-purpose AI tools serve poorly.',
    icon: TrophyIcon,
  },
  {
    title: 'Technology advantages',
    text: 'Retrieval that understands railway vocabulary, and citations checked against the library so that no answer cites a clause that is not there.',
    icon: CpuIcon,
  },
  {
    title: 'Security',
    text: 'Encrypted connections, argon2-hashed passwords, short-lived signed access tokens and rotating refresh tokens.',
    icon: LockKeyholeIcon,
  },
  {
    title: 'Resilience',
    text: 'Runs on a single machine or as stateless instances behind a load balancer, on PostgreSQL and object storage.',
    icon: ServerCogIcon,
  },
  {
    title: 'Expert validation',
    text: 'Answers are extracted from, and cite, the published text of the standards, so engineers can verify every one.',
    icon: ShieldCheckIcon,
  },
  { title: 'Support', text: 'Onboarding, training and direct access to our engineers for every customer team.', icon: HeadsetIcon },
];

function Section({ id, title, lead, children, muted = false }: { id: string; title: string; lead?: string; children: ReactNode; muted?: boolean }) {
  return (
    <PageSection id={id} title={title} lead={lead} className={muted ? 'bg-muted/40' : undefined} width="max-w-6xl">
      {children}
    </PageSection>
  );
}

function Cards({ items, columns }: { items: Item[]; columns: string }) {
  return (
    <ul className={`grid gap-6 ${columns}`}>
      {items.map(({ title, text, icon: Icon, note }) => (
        <li key={title} className="grid content-start gap-3 rounded-xl border bg-card p-6 shadow-sm">
          <span className="grid size-11 place-items-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden />
          </span>
          <h3 className="text-lg font-semibold">{title}</h3>
          <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
          {note ? <p className="w-fit rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground">{note}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** 'Contact Me' and 'Request Demo': each opens in a new tab, so the flyer (unlocked in memory only) stays open. */
function CallToActions({ inverted = false }: { inverted?: boolean }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button asChild size="lg" variant={inverted ? 'secondary' : 'default'}>
        <a href={paths.contact} target="_blank" rel="noopener">
          <MailIcon aria-hidden />
          Contact Me
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
      <Button
        asChild
        size="lg"
        variant="outline"
        className={
          inverted
            ? 'border-primary-foreground/60 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground'
            : undefined
        }
      >
        <a href={paths.requestDemo} target="_blank" rel="noopener">
          <CalendarCheckIcon aria-hidden />
          Request Demo
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
    </div>
  );
}

/** SPEC §2 /flyer: the investor and sponsor flyer, shown once the gate is passed (its header and footer are FlyerPage's). */
export function FlyerContent() {
  return (
    <article aria-labelledby="flyer-title">
      <section className="bg-gradient-to-br from-primary/15 via-background to-background">
        <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="grid gap-6">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">Investment Opportunity</p>
            <h1 id="flyer-title" className="text-4xl font-bold tracking-tight sm:text-5xl">
              AI expertise for a $2.7 trillion railway market
            </h1>
            <p className="max-w-2xl text-lg text-muted-foreground">
              Governments and operators are investing in railway infrastructure on a scale not seen for generations, with a global railway infrastructure market
              of $2.7 trillion. The engineers who design and assure that infrastructure are in short supply. Trackside gives them railway-specific AI assistants
              that answer from the standards themselves.
            </p>
            <CallToActions />
          </div>
          <img src="/images/flyer/network.svg" width={480} height={400} alt="" className="hidden h-auto w-full lg:block" decoding="async" />
        </div>
      </section>

      <Section
        id="flyer-market"
        title="Market Opportunity"
        lead="Railway engineering runs on standards. Finding, reading and applying them is slow, expert work, and that is where the time goes."
        muted
      >
        <Cards items={MARKET} columns="md:grid-cols-3" />
      </Section>

      <Section id="flyer-products" title="Product Suite" lead="Three assistants across the project life cycle, built on one standards library.">
        <Cards items={PRODUCTS} columns="md:grid-cols-3" />
      </Section>

      <Section
        id="flyer-community"
        title="Community and Knowledge Ecosystem"
        lead="Engineers come back for more than answers: knowledge, conversation and peers who work on the same problems."
        muted
      >
        <Cards items={ECOSYSTEM} columns="md:grid-cols-3" />
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <UsersIcon className="size-4" aria-hidden />
          Every piece of content feeds the same platform and the same account.
        </p>
      </Section>

      <Section id="flyer-highlights" title="Key Investment Highlights">
        <Cards items={HIGHLIGHTS} columns="sm:grid-cols-2 lg:grid-cols-3" />
      </Section>

      <section aria-labelledby="flyer-cta" className="bg-primary text-primary-foreground">
        <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-14 sm:px-6 sm:py-20">
          <h2 id="flyer-cta" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Investment and Partnership
          </h2>
          <p className="max-w-3xl text-lg opacity-90">
            We are looking for investors, sponsors and launch partners who share our view that railway engineering deserves tools built for it. Let&apos;s talk
            about how we can grow together.
          </p>
          <CallToActions inverted />
          <p className="flex items-center gap-2 text-sm opacity-90">
            <ArrowRightIcon className="size-4" aria-hidden />
            Both open in a new tab, so this page stays open.
          </p>
        </div>
      </section>
    </article>
  );
}
