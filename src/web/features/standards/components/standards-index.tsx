import { ChevronRightIcon, Columns3Icon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { COMPARATIVE_TABLE } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import type { StandardSummary } from '../../../../shared/schemas/standards';
import { paths, standardPath } from '../../../app/paths';
import { Loading, LoadFailed } from '../../../components/load-state';
import { clauseCountLabel, groupStandards, type StandardGroup } from '../../../lib/standard-groups';
import { useStandards } from '../../../lib/standards-api';

function StandardCard({ standard }: { standard: StandardSummary }) {
  if (!standard.enabled) {
    return (
      <div className="flex h-full flex-col gap-1 rounded-lg border border-dashed p-4 text-muted-foreground">
        <span className="font-medium">{standard.name}</span>
        <span className="text-xs">
          {standard.jurisdiction ? `${standard.jurisdiction} · ` : ''}
          Coming soon
        </span>
      </div>
    );
  }
  return (
    <Link
      to={standardPath(standard.code)}
      className="group flex h-full items-center gap-3 rounded-lg border bg-card p-4 hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="font-medium group-hover:text-primary">{standard.name}</span>
        <span className="text-xs text-muted-foreground">{clauseCountLabel(standard.clauseCount)}</span>
      </span>
      <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground group-hover:text-primary" aria-hidden />
    </Link>
  );
}

function Group({ group }: { group: StandardGroup<StandardSummary> }) {
  const headingId = useId();
  const clauses = group.standards.reduce((n, s) => n + s.clauseCount, 0);
  const count = `${group.standards.length} ${group.standards.length === 1 ? 'standard' : 'standards'}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-xl font-semibold">
          {group.label}
        </h2>
        <p className="text-sm text-muted-foreground">{group.comingSoon ? count : `${count} · ${clauseCountLabel(clauses)}`}</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={group.label}>
        {group.standards.map((s) => (
          <li key={s.code}>
            <StandardCard standard={s} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The Comparative Table is no document of its own: it compares the library's, on /compare. */
function CompareCard() {
  return (
    <Link
      to={paths.compare}
      className="group flex items-center gap-3 rounded-lg border bg-card p-4 hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:max-w-xl"
    >
      <Columns3Icon className="size-5 shrink-0 text-primary" aria-hidden />
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="font-medium group-hover:text-primary">
          {COMPARATIVE_TABLE}: {messages.comparePage.title}
        </span>
        <span className="text-xs text-muted-foreground">{messages.comparePage.navDescription}</span>
      </span>
      <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground group-hover:text-primary" aria-hidden />
    </Link>
  );
}

/**
 * /standards: every standard in the library, grouped by jurisdiction (United States, Canada,
 * European Union, then any other), each with its clause count and a link to its table of
 * contents; the standards not loaded yet last, as "coming soon". The Comparative Table is no
 * standard of its own: it is offered as the way to /compare.
 */
export function StandardsIndex() {
  const standards = useStandards();
  const total = standards.data?.reduce((n, s) => n + s.clauseCount, 0) ?? 0;
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-6 sm:px-6 sm:py-10">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Standards Library</h1>
        <p className="max-w-3xl text-muted-foreground">
          Browse the standards the Compliance Assistant answers from, section by section. Every clause has its own link.
          {standards.data ? ` ${clauseCountLabel(total)} in all.` : null}
        </p>
      </div>
      {standards.isPending ? (
        <Loading label="Loading standards..." className="py-4" />
      ) : standards.isError ? (
        <LoadFailed error={standards.error} fallback="The standards could not be loaded." onRetry={() => void standards.refetch()} />
      ) : (
        <>
          {standards.data.filter((s) => s.enabled && s.code !== COMPARATIVE_TABLE).length >= 2 ? <CompareCard /> : null}
          {groupStandards(standards.data.filter((s) => s.code !== COMPARATIVE_TABLE)).map((group) => (
            <Group key={group.label} group={group} />
          ))}
        </>
      )}
    </div>
  );
}
