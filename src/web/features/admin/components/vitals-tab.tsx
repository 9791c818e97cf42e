import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { cn } from '../../../lib/utils';
import { VITAL_NAMES, VITAL_THRESHOLDS, type VitalName, type VitalRating, type VitalSummary } from '../../../../shared/schemas/vitals';
import { useVitalsSummary } from '../api/get-vitals-summary';
import { Loading, LoadFailed } from '../../../components/load-state';

const ratingLabel: Record<VitalRating, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };
const ratingClass: Record<VitalRating, string> = {
  good: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400',
  'needs-improvement': 'bg-warning/20 text-warning-foreground',
  poor: 'bg-destructive/15 text-destructive',
};

export function formatVital(name: VitalName, value: number): string {
  return name === 'CLS' ? value.toFixed(3) : `${Math.round(value).toLocaleString()} ms`;
}

/** Rows of the table: one per page, one cell per metric. */
function byPage(rows: VitalSummary[]): [string, Map<VitalName, VitalSummary>][] {
  const pages = new Map<string, Map<VitalName, VitalSummary>>();
  for (const row of rows) {
    const metrics = pages.get(row.page) ?? new Map<VitalName, VitalSummary>();
    metrics.set(row.name, row);
    pages.set(row.page, metrics);
  }
  return [...pages.entries()];
}

function VitalCell({ summary }: { summary: VitalSummary | undefined }) {
  if (!summary) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="grid justify-items-end gap-0.5">
      <span className="tabular-nums">{formatVital(summary.name, summary.p75)}</span>
      <span className={cn('rounded px-1.5 text-xs font-medium', ratingClass[summary.rating])}>{ratingLabel[summary.rating]}</span>
      <span className="text-xs text-muted-foreground">{summary.samples.toLocaleString()} visits</span>
    </span>
  );
}

/** Web vitals measured in visitors' browsers: the 75th percentile per page against the thresholds. */
export function VitalsTab() {
  const summary = useVitalsSummary();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Web vitals</CardTitle>
        <CardDescription>
          75th percentile of each Core Web Vital per page over the last 28 days, as measured in visitors' browsers. Good is at most{' '}
          {VITAL_NAMES.map((name) => `${name} ${formatVital(name, VITAL_THRESHOLDS[name][0])}`).join(', ')}.
        </CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {summary.isPending ? (
          <Loading label="Loading web vitals..." />
        ) : summary.isError ? (
          <LoadFailed error={summary.error} fallback="Failed to load web vitals" onRetry={() => void summary.refetch()} />
        ) : summary.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No measurements yet. They arrive as visitors browse the site.</p>
        ) : (
          <Table aria-label="Web vitals per page">
            <TableHeader>
              <TableRow>
                <TableHead>Page</TableHead>
                {VITAL_NAMES.map((name) => (
                  <TableHead key={name} className="text-right">
                    {name}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {byPage(summary.data).map(([page, metrics]) => (
                <TableRow key={page}>
                  <TableCell className="font-mono text-xs">{page}</TableCell>
                  {VITAL_NAMES.map((name) => (
                    <TableCell key={name} className="text-right">
                      <VitalCell summary={metrics.get(name)} />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
