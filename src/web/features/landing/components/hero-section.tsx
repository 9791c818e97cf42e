import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { useAppConfig } from '../../../lib/app-config';
import { HERO_HEADLINE, HERO_POSTER } from '../lib/content';
import { HeroVideo } from './hero-video';

/** SPEC §2 Landing hero: full-screen poster image (and the sample video when configured), headline, calls to action. */
export function HeroSection() {
  const { site } = useAppConfig();
  return (
    <section aria-labelledby="hero-heading" className="relative isolate flex min-h-[calc(100svh-4rem)] items-center overflow-hidden bg-slate-950 text-white">
      {/* In a <picture> so the build-time renderer puts no preload link ahead of the page markup; the image, first in the HTML, is fetched at high priority anyway. */}
      <picture>
        <img
          src={HERO_POSTER.src}
          width={HERO_POSTER.width}
          height={HERO_POSTER.height}
          alt=""
          fetchPriority="high"
          className="absolute inset-0 -z-20 size-full object-cover"
        />
      </picture>
      {site.heroVideoUrl ? <HeroVideo src={site.heroVideoUrl} /> : null}
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-b from-slate-950/85 via-slate-950/55 to-slate-950/90" />
      <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-20 text-center sm:px-6">
        <p className="text-sm font-semibold uppercase tracking-widest text-sky-200">AI for railway engineers</p>
        <h1 id="hero-heading" className="text-balance text-4xl font-bold tracking-tight sm:text-5xl lg:text-pretty lg:text-6xl">
          {HERO_HEADLINE}
        </h1>
        <p className="mx-auto max-w-2xl text-pretty text-lg text-slate-200">
          Ask compliance questions against the standards you work to, and get answers that cite the exact clauses behind them.
        </p>
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" asChild>
            <Link to={paths.login}>
              Get Started
              <ArrowRightIcon aria-hidden />
            </Link>
          </Button>
          <Button size="lg" variant="outline" asChild className="border-white/60 bg-white/10 text-white hover:bg-white/20 hover:text-white">
            <Link to={paths.disciplines}>Explore Disciplines</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
