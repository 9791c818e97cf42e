import { useQuery } from '@tanstack/react-query';
import { BrainCircuitIcon, Code2Icon, ExternalLinkIcon, FileTextIcon, LoaderCircleIcon, LogInIcon, PlugZapIcon, type LucideIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { PageContainer, PageHeader } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { getAppConfig } from '../../../lib/app-config';
import { useSession } from '../../../lib/session/use-session';
import { designAssistantUrl } from '../lib/design-assistant-url';
import { leaveSite } from '../lib/leave-site';

const FEATURES: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Code Generation',
    text: 'Generate calculation scripts and design checks for railway engineering tasks, ready to review and adapt.',
    icon: Code2Icon,
  },
  {
    title: 'Design Documentation',
    text: 'Draft design reports, basis-of-design notes and compliance statements in your project’s structure.',
    icon: FileTextIcon,
  },
  {
    title: 'Smart Recommendations',
    text: 'Get suggestions on design options and the standards to check them against, as you work.',
    icon: BrainCircuitIcon,
  },
];

const DESCRIPTION = 'Design support for railway engineers: code, documentation and recommendations in one place.';

function Loading({ label }: { label: string }) {
  return (
    <PageContainer>
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
        <LoaderCircleIcon className="size-5 motion-safe:animate-spin" aria-hidden />
        {label}
      </p>
    </PageContainer>
  );
}

/** Signed out (SPEC §2): a preview of the three features and a sign-in that comes back here. */
function SignInGate() {
  return (
    <PageContainer className="grid gap-10">
      <PageHeader title="Design Assistant" description={DESCRIPTION} />
      <ul className="grid gap-6 md:grid-cols-3" aria-label="Design Assistant features">
        {FEATURES.map(({ title, text, icon: Icon }) => (
          <li key={title} className="grid content-start gap-3 rounded-xl border bg-card p-6 shadow-sm">
            <span className="grid size-11 place-items-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden />
            </span>
            <h2 className="text-lg font-semibold">{title}</h2>
            <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
      <div className="grid justify-items-center gap-4 rounded-2xl border bg-muted/40 p-8 text-center">
        <h2 className="text-xl font-semibold">Sign in to use the Design Assistant</h2>
        <p className="max-w-xl text-muted-foreground">
          The Design Assistant is available to every Trackside account. Sign in and we will take you straight there.
        </p>
        <Button asChild size="lg">
          <Link to={paths.login} state={{ from: { pathname: paths.designAssistant } }}>
            <LogInIcon aria-hidden />
            Sign In to Continue
          </Link>
        </Button>
      </div>
    </PageContainer>
  );
}

/** Signed in, but DESIGN_ASSISTANT_URL is not set on this installation: say so plainly. */
function NotConnected() {
  return (
    <PageContainer className="grid gap-8">
      <PageHeader title="Design Assistant" description={DESCRIPTION} />
      <div role="status" className="flex max-w-2xl gap-4 rounded-xl border bg-card p-6 shadow-sm">
        <PlugZapIcon className="mt-0.5 size-6 shrink-0 text-muted-foreground" aria-hidden />
        <div className="grid gap-2">
          <h2 className="font-semibold">The Design Assistant isn&apos;t connected on this installation</h2>
          <p className="text-sm text-muted-foreground">
            It runs as a separate site, and this Trackside installation has not been given its address. Ask your administrator to connect it. In the meantime
            the Compliance Assistant can answer your questions against the standards.
          </p>
          <Button asChild className="mt-2 w-fit">
            <Link to={paths.chat}>Open the Compliance Assistant</Link>
          </Button>
        </div>
      </div>
    </PageContainer>
  );
}

/** How long "Redirecting to Design Assistant..." and its manual link show before the browser leaves. */
export const HANDOFF_DELAY_MS = 1200;

/**
 * Signed in with the site configured: go there once, carrying the session in the fragment
 * (docs/decisions/008), after the message has been seen.
 */
function Redirecting({ url }: { url: string }) {
  const hasLeft = useRef(false);
  useEffect(() => {
    // Once only: a token refresh while the browser is leaving must not navigate again.
    if (hasLeft.current) return;
    // A refreshed session before then restarts the wait with the new tokens.
    const timer = window.setTimeout(() => {
      hasLeft.current = true;
      leaveSite(url);
    }, HANDOFF_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [url]);
  return (
    <PageContainer>
      <div role="status" className="grid justify-items-center gap-4 py-16 text-center">
        <LoaderCircleIcon className="size-8 text-primary motion-safe:animate-spin" aria-hidden />
        <p className="text-lg font-medium">Redirecting to Design Assistant...</p>
        <p className="text-sm text-muted-foreground">
          Not moving?{' '}
          <a href={url} className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
            Open the Design Assistant
            <ExternalLinkIcon className="size-3.5" aria-hidden />
          </a>
        </p>
      </div>
    </PageContainer>
  );
}

/**
 * SPEC §2 /design-assistant: 'Loading...' while auth loads; signed in, a redirect to
 * DESIGN_ASSISTANT_URL with the session's tokens in the fragment; signed out, the sign-in gate.
 */
export function DesignAssistantPage() {
  const { status, session } = useSession();
  // The same query as useAppConfig, read here for its loading state: the defaults would say "not connected".
  const config = useQuery({ queryKey: ['config'], queryFn: getAppConfig, staleTime: Infinity, retry: 1 });

  if (status === 'loading') return <Loading label="Loading..." />;
  if (status === 'signed-out' || !session) return <SignInGate />;
  if (config.isPending) return <Loading label="Loading..." />;
  const base = config.data?.externalUrls.designAssistant ?? null;
  if (!base) return <NotConnected />;
  return <Redirecting url={designAssistantUrl(base, session)} />;
}
