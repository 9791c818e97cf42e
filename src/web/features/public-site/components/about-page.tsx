import {
  ArrowRightIcon,
  BookOpenCheckIcon,
  BrainCircuitIcon,
  HandshakeIcon,
  LightbulbIcon,
  ShieldCheckIcon,
  TrainFrontIcon,
  TrainFrontTunnelIcon,
  TrainTrackIcon,
  ZapIcon,
  type LucideIcon,
} from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { PageSection } from '../../../components/layout/page-section';
import { Button } from '../../../components/ui/button';

interface Item {
  title: string;
  text: string;
  icon: LucideIcon;
}

const CORE_VALUES: Item[] = [
  {
    title: 'Engineering Excellence',
    text: 'We hold our answers to the standard an experienced checking engineer would: every statement traceable to the clause it comes from.',
    icon: TrainTrackIcon,
  },
  {
    title: 'Continuous Innovation',
    text: 'We keep extending the library, the retrieval and the tools around them, guided by the questions engineers actually ask.',
    icon: LightbulbIcon,
  },
  {
    title: 'Client Partnership',
    text: 'We work alongside railway organisations, consultants and contractors, and build what their project teams need next.',
    icon: HandshakeIcon,
  },
];

const TECHNOLOGY: Item[] = [
  {
    title: 'Railway-Specific AI',
    text: 'Built for railway vocabulary: gauge and gage, sleeper and crosstie, cant and superelevation, slow order and speed restriction.',
    icon: BrainCircuitIcon,
  },
  {
    title: 'Real-Time Solutions',
    text: 'Answers in seconds, on site or in the office, instead of an afternoon searching through PDFs.',
    icon: ZapIcon,
  },
  {
    title: 'Comprehensive Knowledge Base',
    text: 'A growing library of standards, articles, whitepapers and podcasts, searchable in one place.',
    icon: BookOpenCheckIcon,
  },
  {
    title: 'Technical Assurance',
    text: 'Every answer cites the exact clause it relies on, and says so plainly when nothing in the loaded standard covers the question.',
    icon: ShieldCheckIcon,
  },
];

const SECTORS: Item[] = [
  {
    title: 'Metro',
    text: 'High-frequency urban networks where possessions are short and every change has to be right first time.',
    icon: TrainFrontTunnelIcon,
  },
  { title: 'Regional', text: 'Mixed traffic lines and branch lines maintained by small teams covering long distances.', icon: TrainTrackIcon },
  { title: 'High-Speed', text: 'Tight geometry tolerances and demanding inspection regimes for the fastest classes of track.', icon: ZapIcon },
  { title: 'Freight', text: 'Heavy axle loads, long trains and the bridges, brakes and crossings that carry them.', icon: TrainFrontIcon },
];

function ItemCard({ item }: { item: Item }) {
  const Icon = item.icon;
  return (
    <li className="grid content-start gap-3 rounded-xl border bg-card p-6 shadow-sm">
      <span className="grid size-11 place-items-center rounded-lg bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <h3 className="text-lg font-semibold">{item.title}</h3>
      <p className="text-sm leading-relaxed text-muted-foreground">{item.text}</p>
    </li>
  );
}

/**
 * A section below the hero. Its own Suspense boundary (nothing suspends) lets React hydrate
 * the built HTML section by section, yielding to the browser in between.
 */
function Section({ id, title, lead, children, className }: { id: string; title: string; lead?: string; children: ReactNode; className?: string }) {
  return (
    <Suspense fallback={null}>
      <PageSection id={id} title={title} lead={lead} className={className}>
        {children}
      </PageSection>
    </Suspense>
  );
}

/** SPEC §2 About: hero, services, core values, technology advantage, the railways served. */
export function AboutPage() {
  return (
    <>
      <section aria-labelledby="about-title" className="border-b bg-gradient-to-b from-primary/10 to-background">
        <div className="mx-auto grid w-full max-w-7xl gap-5 px-4 py-16 sm:px-6 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">About Trackside</p>
          <h1 id="about-title" className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            About the company
          </h1>
          <p className="max-w-3xl text-lg text-muted-foreground sm:text-xl">
            Trackside is the world&apos;s first AI-powered SaaS platform dedicated solely to the railway sector. We help railway engineers, contractors and
            organisations find what the standards require, check their designs against them, and share what they know.
          </p>
        </div>
      </section>

      <Section id="about-services" title="What we do">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <img
            src="/images/about/services.svg"
            width={640}
            height={440}
            alt="Illustration of Trackside's services: a compliance checklist, an assistant answering a question, and a train on the track"
            className="h-auto w-full rounded-2xl border shadow-sm"
            decoding="async"
          />
          <div className="grid gap-5 text-base leading-relaxed text-muted-foreground sm:text-lg">
            <p>
              Railway projects are governed by thousands of clauses spread across regulations, network standards and codes of practice. Finding the one that
              applies, and being sure it is the current one, takes experienced engineers hours they would rather spend engineering. Our Compliance Assistant
              answers questions against the standard and discipline you choose, and cites the clauses its answer rests on so you can check them yourself.
            </p>
            <p>
              Around the assistant sit the tools a railway engineering team uses every day: a Knowledge Hub of articles and whitepapers, a podcast library, a
              community forum, and design support for track, structures, signalling, electrical and geotechnical work. Together they shorten review cycles and
              give project teams more confidence in every submission.
            </p>
          </div>
        </div>
      </Section>

      <Section id="about-values" title="Our Core Values" className="bg-muted/40">
        <ul className="grid gap-6 md:grid-cols-3">
          {CORE_VALUES.map((item) => (
            <ItemCard key={item.title} item={item} />
          ))}
        </ul>
      </Section>

      <Section
        id="about-technology"
        title="Our Technology Advantage"
        lead="General-purpose chatbots guess. Trackside retrieves the clauses first and answers only from them."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TECHNOLOGY.map((item) => (
            <ItemCard key={item.title} item={item} />
          ))}
        </ul>
      </Section>

      <Section
        id="about-sectors"
        title="Serving every kind of railway"
        lead="From metro and regional networks to high-speed and freight rail, the same questions of safety and compliance come up every day."
        className="bg-muted/40"
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SECTORS.map((item) => (
            <ItemCard key={item.title} item={item} />
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={paths.disciplines}>
              Explore Disciplines
              <ArrowRightIcon aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.contact}>Contact us</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
