import { ArrowLeftIcon, BookOpenIcon, CheckCircle2Icon, CircleHelpIcon, InfoIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths, standardPath } from '../../../app/paths';
import { PageContainer } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { BUNDLED_STANDARD, disciplinePageFor, type DisciplinePageContent } from '../content/discipline-pages';
import { useOpenAdvisor } from './use-open-advisor';

function DisciplineContent({ page }: { page: DisciplinePageContent }) {
  const openAdvisor = useOpenAdvisor();
  return (
    <>
      <section aria-labelledby="discipline-title" className="border-b bg-gradient-to-b from-primary/10 to-background">
        <div className="mx-auto grid w-full max-w-7xl gap-5 px-4 py-12 sm:px-6 sm:py-16">
          <Link to={paths.disciplines} className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground hover:underline">
            <ArrowLeftIcon className="size-4" aria-hidden />
            All disciplines
          </Link>
          <h1 id="discipline-title" className="text-3xl font-bold tracking-tight sm:text-5xl">
            {page.title}
          </h1>
          <p className="max-w-3xl text-lg text-muted-foreground">{page.lead}</p>
          <div className="flex flex-wrap gap-3">
            <Button size="lg" onClick={() => openAdvisor(page.chatDiscipline)} className="whitespace-normal">
              Access {page.title} Advisor
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={standardPath(BUNDLED_STANDARD)}>Browse the standards library</Link>
            </Button>
          </div>
        </div>
      </section>

      <PageContainer className="grid gap-14">
        <section aria-labelledby="helps-with" className="grid gap-6">
          <h2 id="helps-with" className="text-2xl font-bold tracking-tight">
            What the assistant helps with
          </h2>
          <ul className="grid gap-5 sm:grid-cols-2">
            {page.helpsWith.map((item) => (
              <li key={item.title} className="flex gap-3 rounded-xl border bg-card p-5 shadow-sm">
                <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                <div className="grid gap-1.5">
                  <h3 className="font-semibold">{item.title}</h3>
                  <p className="text-sm leading-relaxed text-muted-foreground">{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="standards" className="grid gap-6">
          <div className="grid gap-2">
            <h2 id="standards" className="text-2xl font-bold tracking-tight">
              Standards in the library
            </h2>
            <p className="max-w-3xl text-muted-foreground">
              Answers cite these regulations clause by clause. Follow a section to read its text in the standards library.
            </p>
          </div>
          <div className="grid gap-5 lg:grid-cols-2">
            {page.loadedParts.map((part) => (
              <article key={part.name} className="grid content-start gap-3 rounded-xl border bg-card p-5 shadow-sm">
                <div className="flex items-start gap-3">
                  <BookOpenIcon className="mt-1 size-5 shrink-0 text-primary" aria-hidden />
                  <div className="grid gap-1">
                    <h3 className="font-semibold">
                      {part.name}: {part.title}
                    </h3>
                    <p className="text-sm text-muted-foreground">{part.summary}</p>
                  </div>
                </div>
                <ul className="grid gap-1.5 text-sm" aria-label={`Sections of ${part.name}`}>
                  {part.sections.map((section) => (
                    <li key={section.ref}>
                      <Link to={standardPath(BUNDLED_STANDARD, section.ref)} className="font-medium text-primary underline underline-offset-4">
                        § {section.ref}
                      </Link>{' '}
                      <span className="text-muted-foreground">{section.heading}</span>
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
          <p className="flex max-w-3xl gap-3 rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
            <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              <strong className="font-semibold text-foreground">Not covered yet. </strong>
              {page.notLoaded}
            </span>
          </p>
        </section>

        <section aria-labelledby="questions" className="grid gap-6">
          <h2 id="questions" className="text-2xl font-bold tracking-tight">
            Questions engineers ask
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {page.questions.map((question) => (
              <li key={question} className="flex gap-3 rounded-lg bg-muted/60 p-4 text-sm">
                <CircleHelpIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                {question}
              </li>
            ))}
          </ul>
          <div>
            <Button size="lg" onClick={() => openAdvisor(page.chatDiscipline)} className="whitespace-normal">
              Ask the {page.title} Advisor
            </Button>
          </div>
        </section>
      </PageContainer>
    </>
  );
}

/** /disciplines/track|structures|signalling|electrical|geotechnical: one module for the five pages. */
export function DisciplinePage() {
  const { pathname } = useLocation();
  const page = disciplinePageFor(pathname);
  if (!page) {
    return (
      <PageContainer className="grid gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Discipline not found</h1>
        <Link to={paths.disciplines} className="text-primary hover:underline">
          See all disciplines
        </Link>
      </PageContainer>
    );
  }
  return <DisciplineContent key={page.path} page={page} />;
}
