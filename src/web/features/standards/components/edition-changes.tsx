import { ArrowLeftIcon, ArrowRightIcon, LinkIcon } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ClauseChange, WordChange } from '../../../../shared/schemas/editions';
import { standardPath } from '../../../app/paths';
import { Loading, LoadFailed } from '../../../components/load-state';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/native-select';
import { useStandards } from '../../../lib/standards-api';
import { cn } from '../../../lib/utils';
import { useDocumentEditions, useEditionChanges, type DocumentEditions } from '../api/editions';

const KIND_LABEL: Record<ClauseChange['kind'], string> = { added: 'Added', removed: 'Removed', changed: 'Changed' };
const KIND_STYLE: Record<ClauseChange['kind'], string> = {
  added: 'border-emerald-600/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300',
  removed: 'border-red-600/40 bg-red-500/10 text-red-800 dark:text-red-300',
  changed: 'border-amber-600/40 bg-amber-500/10 text-amber-900 dark:text-amber-200',
};

/**
 * Removed words are struck through and added ones underlined (not told apart by colour alone),
 * and each is announced as such: `<del>` and `<ins>` are not read out by every screen reader.
 */
export function WordDiff({ words }: { words: readonly WordChange[] }) {
  return (
    <p className="whitespace-pre-line text-sm leading-relaxed">
      {words.map((word, index) =>
        word.kind === 'removed' ? (
          <del key={index} className="rounded-sm bg-red-500/15 text-red-900 line-through decoration-2 dark:text-red-200">
            <span className="sr-only">[removed: </span>
            {word.text}
            <span className="sr-only">]</span>
          </del>
        ) : word.kind === 'added' ? (
          <ins key={index} className="rounded-sm bg-emerald-500/15 text-emerald-900 underline decoration-2 underline-offset-2 dark:text-emerald-200">
            <span className="sr-only">[added: </span>
            {word.text}
            <span className="sr-only">]</span>
          </ins>
        ) : (
          <span key={index}>{word.text}</span>
        ),
      )}
    </p>
  );
}

function ChangeCard({ code, change, linkable }: { code: string; change: ClauseChange; linkable: boolean }) {
  const id = useId();
  return (
    <article aria-labelledby={id} className="grid gap-2 rounded-lg border p-4">
      <header className="flex flex-wrap items-center gap-2">
        <span className={cn('rounded-full border px-2 py-0.5 text-xs font-semibold', KIND_STYLE[change.kind])}>{KIND_LABEL[change.kind]}</span>
        <h3 id={id} className="min-w-0 text-sm font-semibold">
          <span className="sr-only">{KIND_LABEL[change.kind]}: </span>
          {change.ref} {change.heading}
        </h3>
        {linkable && change.kind !== 'removed' ? (
          <Link
            to={standardPath(code, change.ref)}
            className="ml-auto inline-flex items-center gap-1 text-xs text-primary underline-offset-2 hover:underline"
            aria-label={`Open ${change.ref} in the edition in force`}
          >
            <LinkIcon className="size-3.5" aria-hidden />
            Open clause
          </Link>
        ) : null}
      </header>
      {change.previousHeading ? <p className="text-xs text-muted-foreground">Heading was: {change.previousHeading}</p> : null}
      {change.words ? (
        <WordDiff words={change.words} />
      ) : (
        <p className={cn('whitespace-pre-line text-sm leading-relaxed', change.kind === 'removed' && 'text-muted-foreground')}>{change.text}</p>
      )}
    </article>
  );
}

function editionLabel(edition: { edition: string; current: boolean }) {
  return edition.current ? `${edition.edition} (in force)` : edition.edition;
}

/** The first document worth comparing: the one asked for, else the first with two editions or more. */
function pickDocument(documents: readonly DocumentEditions[], title: string | null) {
  return documents.find((d) => d.title === title) ?? documents.find((d) => d.editions.length > 1);
}

/**
 * /standards/:code/changes: pick a document of the standard and two of its editions (by default
 * the one in force and the one before it); every clause added, removed or changed between them,
 * changed text word by word. The choice lives in the address (`?title=&from=&to=`), so a notice
 * can link to it and the back button steps through earlier choices.
 */
export function EditionChangesView() {
  const { code = '' } = useParams<{ code: string }>();
  const [params, setParams] = useSearchParams();
  const standards = useStandards();
  const documents = useDocumentEditions(code);
  const ids = { document: useId(), from: useId(), to: useId() };

  const standard = standards.data?.find((s) => s.code === code);
  const name = standard?.name ?? code;
  const document = useMemo(() => (documents.data ? pickDocument(documents.data, params.get('title')) : undefined), [documents.data, params]);
  const editions = document?.editions ?? [];
  const to = editions.find((e) => e.edition === params.get('to')) ?? editions.find((e) => e.current) ?? editions[0];
  const from = editions.find((e) => e.edition === params.get('from') && e !== to) ?? editions.find((e) => e !== to && !e.current) ?? editions.find((e) => e !== to);
  const comparable = Boolean(document && from && to);
  const changes = useEditionChanges(comparable ? code : undefined, { title: document?.title, from: from?.edition, to: to?.edition });

  const choose = (next: { title?: string; from?: string; to?: string }) => {
    const title = next.title ?? document?.title;
    const query = new URLSearchParams();
    if (title) query.set('title', title);
    // A new document starts from its own defaults.
    if (next.title === undefined) {
      // Choosing on one side the edition the other side shows swaps them.
      let nextFrom = next.from ?? from?.edition;
      let nextTo = next.to ?? to?.edition;
      if (next.to !== undefined && next.to === from?.edition) nextFrom = to?.edition;
      if (next.from !== undefined && next.from === to?.edition) nextTo = from?.edition;
      if (nextFrom) query.set('from', nextFrom);
      if (nextTo) query.set('to', nextTo);
    }
    setParams(query, { replace: true });
  };

  const result = (() => {
    if (documents.isPending) return <Loading label="Loading documents..." />;
    if (documents.isError) return <LoadFailed error={documents.error} fallback="The documents of this standard could not be loaded." onRetry={() => void documents.refetch()} />;
    if (!document) return <p className="text-sm text-muted-foreground">No document of {name} has more than one edition yet: there is nothing to compare.</p>;
    if (editions.length < 2) return <p className="text-sm text-muted-foreground">{document.title} has one edition only: there is nothing to compare it with yet.</p>;
    if (changes.isPending) return <Loading label="Comparing editions..." />;
    if (changes.isError) return <LoadFailed error={changes.error} fallback="The editions could not be compared." onRetry={() => void changes.refetch()} />;
    const { summary, clauses } = changes.data;
    return (
      <div className="grid gap-4">
        <p role="status" className="text-sm">
          <span className="font-medium">{changes.data.from.edition}</span>
          <ArrowRightIcon className="mx-1 inline size-4 align-text-bottom" aria-hidden />
          <span className="sr-only"> to </span>
          <span className="font-medium">{changes.data.to.edition}</span>: {summary.changed} changed, {summary.removed} removed, {summary.added} added,{' '}
          {summary.unchanged} unchanged.
        </p>
        {clauses.length > 0 ? (
          <p className="text-xs text-muted-foreground">
            In changed clauses, <del className="rounded-sm bg-red-500/15 line-through decoration-2">removed words are struck through</del> and{' '}
            <ins className="rounded-sm bg-emerald-500/15 underline decoration-2 underline-offset-2">added words are underlined</ins>.
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">The two editions have the same clauses, word for word.</p>
        )}
        <div className="grid gap-3">
          {clauses.map((change) => (
            <ChangeCard key={`${change.kind}-${change.ref}`} code={code} change={change} linkable={changes.data.to.current} />
          ))}
        </div>
      </div>
    );
  })();

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <div>
        <Button variant="outline" size="sm" asChild>
          <Link to={standardPath(code)}>
            <ArrowLeftIcon aria-hidden />
            {name}
          </Link>
        </Button>
      </div>
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">What changed</h1>
        <p className="max-w-3xl text-muted-foreground">
          Compare two editions of a document of {name}: the clauses added, removed and changed, with the words of each change. The assistant and the
          library answer from the edition in force.
        </p>
      </div>
      <form className="grid gap-3 rounded-lg border p-4 sm:grid-cols-3" onSubmit={(e) => e.preventDefault()} aria-label="Editions to compare">
        <div className="grid gap-1.5">
          <label htmlFor={ids.document} className="text-sm font-medium">
            Document
          </label>
          <NativeSelect id={ids.document} value={document?.title ?? ''} disabled={!documents.data} onChange={(e) => choose({ title: e.target.value })}>
            {!documents.data ? <option value="">{documents.isError ? 'Unavailable' : 'Loading...'}</option> : null}
            {documents.data && !document ? <option value="">No document to compare</option> : null}
            {documents.data?.map((d) => (
              <option key={d.title} value={d.title} disabled={d.editions.length < 2}>
                {d.editions.length < 2 ? `${d.title} (one edition)` : `${d.title} (${d.editions.length} editions)`}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={ids.from} className="text-sm font-medium">
            From edition
          </label>
          <NativeSelect id={ids.from} value={from?.edition ?? ''} disabled={editions.length < 2} onChange={(e) => choose({ from: e.target.value })}>
            {editions.length < 2 ? <option value="">—</option> : null}
            {editions.map((e) => (
              <option key={e.id} value={e.edition}>
                {editionLabel(e)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={ids.to} className="text-sm font-medium">
            To edition
          </label>
          <NativeSelect id={ids.to} value={to?.edition ?? ''} disabled={editions.length < 2} onChange={(e) => choose({ to: e.target.value })}>
            {editions.length < 2 ? <option value="">—</option> : null}
            {editions.map((e) => (
              <option key={e.id} value={e.edition}>
                {editionLabel(e)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </form>
      <section aria-label="Changes" className="min-w-0">
        {result}
      </section>
    </div>
  );
}
