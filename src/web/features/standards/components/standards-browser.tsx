import { BookOpenIcon, ChevronRightIcon, LinkIcon, ListTreeIcon, SearchIcon } from 'lucide-react';
import { startTransition, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { assistantMessages } from '../../../../shared/assistant-messages';
import { citationLabel, sectionHeadingLabel, sectionOfRef, subpartLabel } from '../../../../shared/citation-label';
import { COMPARATIVE_TABLE } from '../../../../shared/constants';
import type { Clause } from '../../../../shared/schemas/standards';
import { paths, standardPath } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { StandardOptions } from '../../../components/standard-options';
import { clauseCountLabel } from '../../../lib/standard-groups';
import { useClause, useStandards } from '../../../lib/standards-api';
import { cn } from '../../../lib/utils';
import { Loading } from '../../../components/load-state';
import { useStandard } from '../api/get-standard';
import { buildSectionTree, filterSections, subpartTail, useSection, useSections, type SectionSummary, type SectionTreeDocument } from '../api/sections';
import { StandardOverview } from './standard-overview';
import { useIsWide } from '../hooks/use-is-wide';
import { StandardsIndex } from './standards-index';
import { StandardFollowBar } from './standard-follow-bar';

function ClauseBlock({ code, clause, isTarget }: { code: string; clause: Clause; isTarget: boolean }) {
  const titleId = useId();
  const article = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = article.current;
    if (!isTarget || !element) return;
    // Only when it is out of view: a clause near the top keeps its page's title and section heading in sight.
    const { top, bottom } = element.getBoundingClientRect();
    if (top < 80 || bottom > window.innerHeight) element.scrollIntoView?.({ block: 'start' });
  }, [isTarget]);
  const label = citationLabel(clause.standard, clause.ref);
  return (
    <article
      ref={article}
      aria-labelledby={titleId}
      className={cn('scroll-mt-20 rounded-lg border p-4', isTarget && 'border-primary bg-primary/5 ring-1 ring-primary')}
    >
      <header className="mb-2 flex items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 text-sm font-semibold break-words">
          {label}
        </h3>
        <Link
          to={standardPath(code, clause.ref)}
          className="inline-flex shrink-0 items-center gap-1 text-xs text-primary underline-offset-2 hover:underline"
          aria-label={`Link to ${label}`}
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

/** Sections rendered at once; the rest of a long table of contents (588 sections) follows in a transition. */
const FIRST_SECTIONS = 60;

const SECTION_LINK = 'flex gap-2 rounded-md px-2 py-1 text-sm hover:bg-accent';
const CURRENT_SECTION_LINK = `${SECTION_LINK} bg-accent font-medium text-primary`;

/** The tree as rendered: closed documents without their sections, and at most `limit` sections in all, in order. */
function renderedTree(tree: readonly SectionTreeDocument[], isOpen: (id: string) => boolean, limit: number) {
  let budget = limit;
  return tree.map((doc) => {
    if (!isOpen(doc.id)) return { ...doc, open: false, groups: [] };
    const groups: SectionTreeDocument['groups'] = [];
    for (const group of doc.groups) {
      if (budget <= 0) break;
      const sections = group.sections.slice(0, budget);
      budget -= sections.length;
      groups.push({ ...group, sections });
    }
    return { ...doc, open: true, groups };
  });
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
  const navigate = useNavigate();
  const list = useRef<HTMLUListElement>(null);
  // Typing stays responsive: the tree follows the search box a render later.
  const deferredQuery = useDeferredValue(query);
  const filtered = useMemo(() => filterSections(sections, deferredQuery), [sections, deferredQuery]);
  const tree = useMemo(() => buildSectionTree(filtered), [filtered]);
  const activeDocument = useMemo(() => sections.find((s) => s.section === activeSection)?.document.id, [sections, activeSection]);
  const isSingleDocument = useMemo(() => new Set(sections.map((s) => s.document.id)).size === 1, [sections]);
  // A document's sections are rendered while it is open: the library holds a thousand of them,
  // and rendering them all at once held a phone's main thread for over a second. Closed at
  // first, except the one holding the section shown (or a standard's only document); a search
  // opens every document it matches. What the visitor opened or closed holds until the search changes.
  const [toggled, setToggled] = useState<{ query: string; open: Record<string, boolean> }>({ query: '', open: {} });
  const overrides = toggled.query === deferredQuery ? toggled.open : {};
  const searching = deferredQuery.trim() !== '';
  // The first sections at once, the others in an interruptible render after them.
  const [limit, setLimit] = useState(FIRST_SECTIONS);
  useEffect(() => {
    if (Number.isFinite(limit)) startTransition(() => setLimit(Infinity));
  }, [limit]);

  // The list scrolls to the section shown (a standard's 588th section is far down it).
  useEffect(() => {
    const nav = list.current?.closest('nav');
    const current = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.clientHeight === 0) return;
    const top = current.getBoundingClientRect().top - nav.getBoundingClientRect().top + nav.scrollTop;
    if (top < nav.scrollTop || top + current.offsetHeight > nav.scrollTop + nav.clientHeight) nav.scrollTop = Math.max(0, top - nav.clientHeight / 3);
  }, [activeSection, limit, tree]);

  // One click handler for every section link (plain anchors: a long list of router Links cost a phone seconds).
  const handleClick = (event: MouseEvent<HTMLUListElement>) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-section]');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(link.getAttribute('href') ?? standardPath(code));
    onSelect();
  };

  if (filtered.length === 0) return <p className="py-2 text-sm text-muted-foreground">No sections match “{deferredQuery}”.</p>;
  const base = standardPath(code);
  const shown = renderedTree(tree, (id) => overrides[id] ?? (searching || isSingleDocument || id === activeDocument), limit);
  return (
    <ul ref={list} className="flex flex-col gap-2" aria-label="Documents" onClick={handleClick}>
      {shown.map((doc) => {
        const { open } = doc;
        return (
          <li key={doc.id}>
            <details
              open={open}
              onToggle={(event) => {
                const now = event.currentTarget.open;
                if (now !== open) {
                  const next = { query: deferredQuery, open: { ...overrides, [doc.id]: now } };
                  startTransition(() => setToggled(next));
                }
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
                        {group.subpart ? (
                        <p className="px-2 pt-1 text-xs font-medium text-muted-foreground" title={subpartLabel(group.subpart)}>
                          {subpartLabel(subpartTail(doc.groups[index - 1]?.subpart, group.subpart))}
                        </p>
                      ) : null}
                        <ul className="flex flex-col gap-0.5">
                          {group.sections.map((s) => (
                            <li key={s.section}>
                              <a
                                href={`${base}?section=${encodeURIComponent(s.section)}`}
                                data-section=""
                                aria-current={s.section === activeSection ? 'page' : undefined}
                                className={s.section === activeSection ? CURRENT_SECTION_LINK : SECTION_LINK}
                              >
                                <span className="shrink-0 tabular-nums">{s.section}</span>
                                <span className="min-w-0 truncate text-muted-foreground">{s.heading}</span>
                              </a>
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
 * One standard (`/standards/:code[/:ref]`): its name and jurisdiction, a document → section
 * tree with a search box filtering sections by number or heading, and either its documents
 * (edition, source) or a section's clauses, each with its deep link (`/standards/:code/:ref`,
 * where citation chips lead). Refs are shown as the standard's jurisdiction writes them.
 */
function StandardView({ code }: { code: string }) {
  const params = useParams<{ ref?: string }>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const standards = useStandards();
  const detail = useStandard(code);
  const [query, setQuery] = useState('');
  const [isTreeOpen, setIsTreeOpen] = useState(false);
  // On a phone the table of contents is rendered once it is opened: hidden, it would still cost the rendering.
  const isWide = useIsWide();
  const searchId = useId();
  const standardId = useId();

  const ref = params.ref;
  const summary = standards.data?.find((s) => s.code === code);
  const name = detail.data?.name ?? summary?.name ?? code;
  const jurisdiction = detail.data?.jurisdiction ?? summary?.jurisdiction;
  const isUnknown = detail.isError && standards.data !== undefined && summary === undefined;

  const clause = useClause(code, ref);
  const sections = useSections(isUnknown ? undefined : code);
  // A paragraph ref the library does not hold ("213.53(b)", "SOR/2014-275, s. 12(1)(a)") still opens its section.
  const refSection = clause.isError && ref ? sectionOfRef(ref) : undefined;
  const sectionNumber = searchParams.get('section') ?? clause.data?.section ?? refSection;
  const section = useSection(code, sectionNumber ?? undefined);
  const refLabel = ref ? citationLabel(code, ref) : undefined;


  const content = (() => {
    if (isUnknown) {
      return (
        <p role="alert" className="text-sm text-destructive">
          There is no standard called {code} in the library.{' '}
          <Link to={paths.standards} className="text-primary underline-offset-2 hover:underline">
            See every standard
          </Link>
          .
        </p>
      );
    }
    if (ref && clause.isPending) return <Loading label="Loading clause..." className="py-4" />;
    if (ref && clause.isError && !section.data) {
      if (refSection && section.isPending) return <Loading label="Loading section..." className="py-4" />;
      return (
        <p role="alert" className="text-sm text-destructive">
          {refLabel} was not found in {name}.
        </p>
      );
    }
    if (sectionNumber && section.isPending) return <Loading label="Loading section..." className="py-4" />;
    if (sectionNumber && section.data) {
      return (
        <div className="grid gap-4">
          <h2 className="text-xl font-semibold break-words">
            {sectionHeadingLabel(code, section.data.section, section.data.clauses[0]?.ref)} {section.data.heading}
          </h2>
          {ref && clause.isError ? (
            <p role="status" className="text-sm text-muted-foreground">
              {refLabel} is not a separate clause in {name}; showing its section.
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
          <h2 className="text-xl font-semibold break-words">
            {sectionHeadingLabel(code, clause.data.section, clause.data.ref)} {clause.data.heading}
          </h2>
          <ClauseBlock code={code} clause={clause.data} isTarget />
        </div>
      );
    }
    return (
      <div className="grid gap-6">
        {detail.data ? <StandardOverview standard={detail.data} /> : detail.isPending ? <Loading label="Loading documents..." className="py-4" /> : null}
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          <BookOpenIcon className="size-5 shrink-0" aria-hidden />
          <p>Choose a section from the table of contents to read its clauses.</p>
        </div>
      </div>
    );
  })();

  const facts = [jurisdiction, detail.data ? clauseCountLabel(detail.data.clauseCount) : undefined].filter(Boolean).join(' · ');

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <div className="grid gap-2">
        <nav aria-label="Breadcrumb">
          <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
            <li>
              <Link to={paths.standards} className="hover:text-foreground hover:underline">
                Standards Library
              </Link>
            </li>
            {jurisdiction ? (
              <li className="flex items-center gap-1">
                <ChevronRightIcon className="size-3.5" aria-hidden />
                {jurisdiction}
              </li>
            ) : null}
          </ol>
        </nav>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{name}</h1>
        {/* Its line is kept while the standard loads, so that nothing below moves when it arrives. */}
        <p className="min-h-5 text-sm text-muted-foreground">{facts}</p>
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
              value={code}
              disabled={!standards.data}
              onChange={(e) => {
                setQuery('');
                void navigate(standardPath(e.target.value));
              }}
            >
              {!standards.data ? <option value={code}>{standards.isError ? 'Unavailable' : 'Loading...'}</option> : null}
              {standards.data && !summary ? <option value={code}>{code}</option> : null}
              {standards.data ? (
                <StandardOptions
                  standards={standards.data.filter((s) => s.code !== COMPARATIVE_TABLE)}
                  label={(s) => (s.enabled ? `${s.name} (${clauseCountLabel(s.clauseCount)})` : `${s.name} ${assistantMessages.chat.comingSoon}`)}
                />
              ) : null}
            </NativeSelect>
          </div>
          <StandardFollowBar code={code} name={name} />
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
          {/* On a phone the table of contents opens on demand, above what is shown. */}
          <nav
            aria-label="Sections"
            className={cn('h-[60vh] min-h-0 overflow-y-auto rounded-lg border p-2 lg:block lg:h-auto lg:flex-1', !isTreeOpen && 'hidden')}
          >
            {sections.isPending && !isUnknown ? (
              <Loading label="Loading sections..." className="py-4" />
            ) : sections.isError ? (
              <p className="p-2 text-sm text-muted-foreground">The section list is not available right now.</p>
            ) : sections.data && (isWide || isTreeOpen) ? (
              <SectionTree code={code} sections={sections.data} query={query} activeSection={sectionNumber ?? undefined} onSelect={() => setIsTreeOpen(false)} />
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

/**
 * The standards library: at `/standards` every standard grouped by jurisdiction; at
 * `/standards/:code[/:ref]` one standard, its documents, table of contents and clauses.
 */
export function StandardsBrowser() {
  const { code } = useParams<{ code?: string }>();
  // Keyed by the standard, so that its search and open documents start afresh in another.
  return code ? <StandardView key={code} code={code} /> : <StandardsIndex />;
}
