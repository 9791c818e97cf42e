import { BookOpenIcon, LinkIcon, ListTreeIcon, SearchIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { assistantMessages } from '../../../../shared/assistant-messages';
import type { Clause } from '../../../../shared/schemas/standards';
import { standardPath } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { defaultStandardCode, useClause, useStandards } from '../../../lib/standards-api';
import { cn } from '../../../lib/utils';
import { Loading } from '../../../components/load-state';
import { buildSectionTree, filterSections, useSection, useSections, type SectionSummary } from '../api/sections';
import { StandardFollowBar } from './standard-follow-bar';

function ClauseBlock({ code, clause, isTarget }: { code: string; clause: Clause; isTarget: boolean }) {
  const anchorId = `clause-${clause.ref}`;
  useEffect(() => {
    if (isTarget) document.getElementById(anchorId)?.scrollIntoView?.({ block: 'start' });
  }, [isTarget, anchorId]);
  return (
    <article
      id={anchorId}
      aria-labelledby={`${anchorId}-title`}
      className={cn('scroll-mt-20 rounded-lg border p-4', isTarget && 'border-primary bg-primary/5 ring-1 ring-primary')}
    >
      <header className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${anchorId}-title`} className="text-sm font-semibold">
          {clause.standard} {clause.ref}
        </h3>
        <Link
          to={standardPath(code, clause.ref)}
          className="inline-flex items-center gap-1 text-xs text-primary underline-offset-2 hover:underline"
          aria-label={`Link to ${clause.standard} ${clause.ref}`}
          aria-current={isTarget ? 'location' : undefined}
        >
          <LinkIcon className="size-3.5" aria-hidden />
          Link
        </Link>
      </header>
      <div className="whitespace-pre-line text-sm leading-relaxed">{clause.text}</div>
    </article>
  );
}

function SectionTree({
  code,
  sections,
  query,
  activeSection,
  onSelect,
}: {
  code: string;
  sections: readonly SectionSummary[];
  query: string;
  activeSection: string | undefined;
  onSelect: () => void;
}) {
  const filtered = useMemo(() => filterSections(sections, query), [sections, query]);
  const tree = useMemo(() => buildSectionTree(filtered), [filtered]);
  const activeDocument = useMemo(() => sections.find((s) => s.section === activeSection)?.document.id, [sections, activeSection]);
  // A document's sections are rendered while it is open: the library holds a thousand of them,
  // and rendering them all at once held a phone's main thread for over a second. Closed at
  // first, except the one holding the section shown; a search opens every document it matches.
  // What the visitor opened or closed holds until the search changes.
  const [toggled, setToggled] = useState<{ query: string; open: Record<string, boolean> }>({ query: '', open: {} });
  const overrides = toggled.query === query ? toggled.open : {};
  const searching = query.trim() !== '';
  if (filtered.length === 0) return <p className="py-2 text-sm text-muted-foreground">No sections match “{query}”.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label="Documents">
      {tree.map((doc) => {
        const open = overrides[doc.id] ?? (searching || doc.id === activeDocument);
        return (
          <li key={doc.id}>
            <details
              open={open}
              onToggle={(event) => {
                const now = event.currentTarget.open;
                if (now !== open) setToggled({ query, open: { ...overrides, [doc.id]: now } });
              }}
              className="group"
            >
              <summary className="cursor-pointer rounded-md px-2 py-1.5 text-sm font-semibold hover:bg-accent">
                {doc.title}
                {doc.edition ? <span className="block text-xs font-normal text-muted-foreground">{doc.edition}</span> : null}
              </summary>
              {open ? (
                <div className="ml-2 flex flex-col gap-2 border-l pl-2">
                  {doc.groups.map((group, index) => (
                    <div key={`${group.subpart ?? 'none'}-${index}`} className="flex flex-col gap-0.5">
                      {group.subpart ? <p className="px-2 pt-1 text-xs font-medium text-muted-foreground">Subpart {group.subpart}</p> : null}
                      <ul className="flex flex-col gap-0.5">
                        {group.sections.map((s) => (
                          <li key={s.section}>
                            <Link
                              to={{ pathname: standardPath(code), search: `?section=${encodeURIComponent(s.section)}` }}
                              onClick={onSelect}
                              aria-current={s.section === activeSection ? 'page' : undefined}
                              className={cn(
                                'flex gap-2 rounded-md px-2 py-1 text-sm hover:bg-accent',
                                s.section === activeSection && 'bg-accent font-medium text-primary',
                              )}
                            >
                              <span className="shrink-0 tabular-nums">{s.section}</span>
                              <span className="min-w-0 truncate text-muted-foreground">{s.heading}</span>
                            </Link>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </div>
              ) : null}
            </details>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The standards library: standard → document → section tree, a search box filtering
 * sections by number or heading, and each section's clauses with a deep link per clause
 * (`/standards/:code/:ref`, where citation chips lead).
 */
export function StandardsBrowser() {
  const params = useParams<{ code?: string; ref?: string }>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const standards = useStandards();
  const [query, setQuery] = useState('');
  const [isTreeOpen, setIsTreeOpen] = useState(false);
  const searchId = useId();
  const standardId = useId();

  const code = params.code ?? (standards.data ? defaultStandardCode(standards.data) : undefined);
  const ref = params.ref;
  const standard = standards.data?.find((s) => s.code === code);

  const clause = useClause(code, ref);
  const sections = useSections(code);
  // A paragraph ref the library does not hold ("213.53(b)") still opens its section.
  const refSection = clause.isError && ref ? ref.replace(/\(.*$/, '') : undefined;
  const sectionNumber = searchParams.get('section') ?? clause.data?.section ?? refSection;
  const section = useSection(code, sectionNumber ?? undefined);
  const sectionsUnavailable = sections.isError;

  const content = (() => {
    if (!code) return standards.isPending ? <Loading label="Loading standards..." className="py-4" /> : <p className="text-sm text-muted-foreground">No standard is loaded yet.</p>;
    if (ref && clause.isPending) return <Loading label="Loading clause..." className="py-4" />;
    if (ref && clause.isError && !section.data) {
      if (refSection && section.isPending) return <Loading label="Loading section..." className="py-4" />;
      return (
        <p role="alert" className="text-sm text-destructive">
          Clause {ref} was not found in {code}.
        </p>
      );
    }
    if (sectionNumber && section.isPending) return <Loading label="Loading section..." className="py-4" />;
    if (sectionNumber && section.data) {
      return (
        <div className="grid gap-4">
          <h2 className="text-xl font-semibold">
            § {section.data.section} {section.data.heading}
          </h2>
          {ref && clause.isError ? (
            <p role="status" className="text-sm text-muted-foreground">
              Clause {ref} is not a separate clause in {code}; showing its section.
            </p>
          ) : null}
          {section.data.clauses.map((c) => (
            <ClauseBlock key={c.ref} code={code} clause={c} isTarget={c.ref === ref} />
          ))}
        </div>
      );
    }
    // Without the section endpoint a deep link still shows its clause.
    if (clause.data) {
      return (
        <div className="grid gap-4">
          <h2 className="text-xl font-semibold">
            § {clause.data.section} {clause.data.heading}
          </h2>
          <ClauseBlock code={code} clause={clause.data} isTarget />
        </div>
      );
    }
    return (
      <div className="grid justify-items-start gap-2 text-sm text-muted-foreground">
        <BookOpenIcon className="size-8" aria-hidden />
        <p>Choose a section to read its clauses.</p>
      </div>
    );
  })();

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Standards Library</h1>
        <p className="max-w-3xl text-muted-foreground">
          Browse the standards the Compliance Assistant answers from, section by section. Every clause has its own link.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        {/* Of a fixed height, as is the section list on a phone: the list arriving moves nothing else. */}
        <aside className="flex min-w-0 flex-col gap-3 lg:sticky lg:top-20 lg:h-[calc(100dvh-6rem)] lg:self-start">
          <div className="grid gap-1.5">
            <label htmlFor={standardId} className="text-sm font-medium">
              Standard
            </label>
            <NativeSelect
              id={standardId}
              value={code ?? ''}
              disabled={!standards.data}
              onChange={(e) => {
                setQuery('');
                void navigate(standardPath(e.target.value));
              }}
            >
              {!standards.data ? <option value="">{standards.isError ? 'Unavailable' : 'Loading...'}</option> : null}
              {standards.data?.map((s) => (
                <option key={s.code} value={s.code} disabled={!s.enabled}>
                  {s.enabled ? `${s.name} (${s.clauseCount} clauses)` : `${s.name} ${assistantMessages.chat.comingSoon}`}
                </option>
              ))}
            </NativeSelect>
          </div>
          {/* Its line is kept while the standards load, so that nothing below moves when it arrives. */}
          <p className="min-h-4 text-xs text-muted-foreground">{standard?.jurisdiction}</p>
          <StandardFollowBar code={code} name={standard?.name} />
          <div className="relative">
            <label htmlFor={searchId} className="sr-only">
              Search sections
            </label>
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id={searchId}
              type="search"
              placeholder="Search by number or heading..."
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setIsTreeOpen(true);
              }}
              className="pl-9"
              disabled={!sections.data}
            />
          </div>
          <Button variant="outline" size="sm" className="lg:hidden" aria-expanded={isTreeOpen} onClick={() => setIsTreeOpen((o) => !o)}>
            <ListTreeIcon aria-hidden />
            {isTreeOpen ? 'Hide sections' : 'Browse sections'}
          </Button>
          <nav
            aria-label="Sections"
            className={cn(
              'h-[60vh] min-h-0 overflow-y-auto rounded-lg border p-2 lg:block lg:h-auto lg:flex-1',
              !isTreeOpen && sectionNumber ? 'hidden' : '',
            )}
          >
            {sections.isPending && code ? (
              <Loading label="Loading sections..." className="py-4" />
            ) : sectionsUnavailable ? (
              <p className="p-2 text-sm text-muted-foreground">The section list is not available right now.</p>
            ) : sections.data && code ? (
              <SectionTree
                code={code}
                sections={sections.data}
                query={query}
                activeSection={sectionNumber ?? undefined}
                onSelect={() => setIsTreeOpen(false)}
              />
            ) : null}
          </nav>
        </aside>
        <section aria-label="Clauses" className="min-w-0">
          {content}
        </section>
      </div>
    </div>
  );
}
