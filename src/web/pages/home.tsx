import { ArrowRightIcon, ConstructionIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import { Button } from '../components/ui/button';

/** / (SPEC §2 Landing page): hero, calls to action and the under-construction banner. */
export function HomePage() {
  return (
    <>
      <section className="relative isolate overflow-hidden bg-gradient-to-b from-primary/10 via-background to-background">
        <div className="mx-auto grid max-w-5xl gap-6 px-4 py-20 text-center sm:px-6 sm:py-28">
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">AI for railway engineers</p>
          <h1 className="text-balance text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
            Railway Expertise, On-Demand: Streamline Your Design &amp; Compliance
          </h1>
          <p className="mx-auto max-w-2xl text-pretty text-lg text-muted-foreground">
            Ask compliance questions against the standards you work to, and find the clauses that answer them.
          </p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row">
            <Button size="lg" asChild>
              <Link to={paths.login}>
                Get Started
                <ArrowRightIcon aria-hidden />
              </Link>
            </Button>
            <Button size="lg" variant="outline" asChild>
              <Link to={paths.disciplines}>Explore Disciplines</Link>
            </Button>
          </div>
        </div>
      </section>
      {/* Sticky within the page's main area: always in view there, and never over the footer. */}
      <div
        role="note"
        className="sticky bottom-0 z-30 flex items-center justify-center gap-2 bg-warning px-4 py-2.5 text-center text-sm font-medium text-warning-foreground shadow-md"
      >
        <ConstructionIcon className="size-4 shrink-0" aria-hidden />
        Website under construction - Some features may not be available yet
      </div>
    </>
  );
}

export { HomePage as Component };
