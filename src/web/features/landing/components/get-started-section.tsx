import { ArrowRightIcon, ExternalLinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { useAppConfig } from '../../../lib/app-config';
import { useSession } from '../../../lib/session/use-session';
import { LandingSection } from './landing-section';

/** 'Visit Knowledge Hub': the external hub in a new tab when signed in and configured, else /knowledge-hub (SPEC §2). */
function KnowledgeHubButton({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const { externalUrls } = useAppConfig();
  if (status === 'signed-in' && externalUrls.knowledgeHub) {
    return (
      <Button variant="outline" size="lg" asChild>
        <a href={externalUrls.knowledgeHub} target="_blank" rel="noopener noreferrer">
          {children}
          <ExternalLinkIcon aria-hidden />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
    );
  }
  return (
    <Button variant="outline" size="lg" asChild>
      <Link to={paths.knowledgeHub}>{children}</Link>
    </Button>
  );
}

/** SPEC §2 'get-started': the calls to action and their targets. */
export function GetStartedSection() {
  return (
    <LandingSection
      id="get-started"
      eyebrow="Get started"
      title="Ready to streamline your design and compliance?"
      intro="Join the early-access programme, talk to us, or explore what Trackside covers today."
    >
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="flex flex-col items-center justify-center gap-4 rounded-2xl bg-primary p-8 text-center text-primary-foreground">
          <h3 className="text-2xl font-semibold">Start with Trackside</h3>
          <p className="max-w-md opacity-90">Get early access to the Compliance Assistant for Track &amp; Civil, with more disciplines on the way.</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button size="lg" variant="secondary" asChild>
              <Link to={paths.login}>
                Request Early Access
                <ArrowRightIcon aria-hidden />
              </Link>
            </Button>
            <Button
              size="lg"
              variant="outline"
              asChild
              className="border-primary-foreground/70 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
            >
              <Link to={paths.contact}>Contact</Link>
            </Button>
          </div>
        </div>
        <div className="flex flex-col items-center justify-center gap-4 rounded-2xl border bg-card p-8 text-center text-card-foreground">
          <h3 className="text-2xl font-semibold">Explore first</h3>
          <p className="max-w-md text-muted-foreground">See the disciplines we cover, compare plans, or read articles from the Knowledge Hub.</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button variant="outline" size="lg" asChild>
              <Link to={paths.disciplines}>Explore Disciplines</Link>
            </Button>
            <Button variant="outline" size="lg" asChild>
              <Link to={paths.pricing}>View Pricing</Link>
            </Button>
            <KnowledgeHubButton>Visit Knowledge Hub</KnowledgeHubButton>
          </div>
        </div>
      </div>
    </LandingSection>
  );
}
