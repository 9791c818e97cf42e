import { ArrowLeftIcon, CheckIcon, GlobeIcon, MailIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { PageContainer, PageHeader } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { useAppConfig } from '../../../lib/app-config';
import { DemoForm } from './demo-form';
import { ExternalFormFrame } from './external-form-frame';

const AGENDA = [
  'A live question against the standards for your discipline, with the clauses cited',
  'How the knowledge hub, podcasts and forum fit into your team’s work',
  'Plans, deployment options and how we onboard a team',
];

/** SPEC §2 /request-demo (noindex through the page meta in app/page-meta.ts): our own demo form, or the configured external one in an 800 px frame. */
export function RequestDemoPage() {
  const { site } = useAppConfig();
  const embed = site.embeds.demoForm;
  return (
    <>
      <PageContainer className="grid gap-10">
        <nav aria-label="Request a demo" className="flex flex-wrap items-center justify-between gap-3">
          <Button asChild variant="ghost" className="-ml-3">
            <Link to={paths.flyer}>
              <ArrowLeftIcon aria-hidden />
              Back to Flyer
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.home}>
              <GlobeIcon aria-hidden />
              Visit Website
            </Link>
          </Button>
        </nav>
        <div className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-14">
          <div className="grid content-start gap-8">
            <PageHeader
              title="Request a Demo"
              description="See how Trackside supports your design and compliance work. Tell us a little about your team and we will set up a session."
            />
            <div className="grid gap-3">
              <h2 className="font-semibold">In 30 minutes we will show you</h2>
              <ul className="grid gap-2 text-sm text-muted-foreground">
                {AGENDA.map((item) => (
                  <li key={item} className="flex gap-2">
                    <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
            <div className="grid gap-2 text-sm">
              <p className="text-muted-foreground">Prefer to write to us?</p>
              <Button asChild variant="outline" className="w-fit">
                <Link to={paths.contact}>
                  <MailIcon aria-hidden />
                  Contact Us Directly
                </Link>
              </Button>
            </div>
          </div>
          <section aria-label="Demo request form" className="min-w-0">
            {embed ? (
              <ExternalFormFrame src={embed} title="Demo request form" frameHeight={800} />
            ) : (
              <div className="rounded-2xl border bg-card p-5 shadow-sm sm:p-8">
                <DemoForm />
              </div>
            )}
          </section>
        </div>
      </PageContainer>
    </>
  );
}
