import { Trash2Icon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { StandardDocument, StandardSummary } from '../../../../shared/schemas/standards';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { groupStandards, OTHER_JURISDICTION } from '../../../lib/standard-groups';
import { useStandards } from '../../../lib/standards-api';
import { useDeleteStandardDocument, useStandardDocuments } from '../api/standards-documents';
import { QueryList } from '../../../components/load-state';
import { StandardUploadForm } from './standard-upload-form';
import { formatDateTime } from '../../../lib/format-date';

function StandardsTable() {
  const standards = useStandards();
  return (
    <QueryList query={standards} loading="Loading standards..." failed="Failed to load standards">
      {(list) => {
        const rows = groupStandards(list, { comingSoonApart: false }).flatMap((g) => g.standards);
        return (
          <Table aria-label="Standards">
            <TableHeader>
              <TableRow>
                <TableHead>Standard</TableHead>
                <TableHead className="hidden sm:table-cell">Jurisdiction</TableHead>
                <TableHead className="text-right">Clauses</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.code}>
                  <TableCell>
                    <span className="font-medium">{s.code}</span>
                    {s.name !== s.code ? <span className="block text-xs text-muted-foreground">{s.name}</span> : null}
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground sm:table-cell">{s.jurisdiction ?? '—'}</TableCell>
                  <TableCell className="text-right tabular-nums">{s.clauseCount.toLocaleString()}</TableCell>
                  <TableCell>
                    <span
                      className={
                        s.enabled
                          ? 'whitespace-nowrap rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:text-emerald-400'
                          : 'whitespace-nowrap rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground'
                      }
                    >
                      {s.enabled ? 'Loaded' : 'No clauses'}
                    </span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        );
      }}
    </QueryList>
  );
}

/** The documents filter's value for every standard, a jurisdiction's (`j:`) or one standard's (`s:`). */
const ALL = '';

function documentFilter(value: string, standards: readonly StandardSummary[]): (document: StandardDocument) => boolean {
  if (value.startsWith('j:')) {
    const codes = new Set(standards.filter((s) => (s.jurisdiction ?? OTHER_JURISDICTION) === value.slice(2)).map((s) => s.code));
    return (d) => codes.has(d.standard);
  }
  if (value.startsWith('s:')) return (d) => d.standard === value.slice(2);
  return () => true;
}

/** Narrows the documents to a jurisdiction or a standard: the library holds dozens of documents of twenty standards. */
function DocumentsFilter({ value, onChange, standards }: { value: string; onChange: (value: string) => void; standards: readonly StandardSummary[] }) {
  const id = useId();
  const loaded = standards.filter((s) => s.clauseCount > 0);
  return (
    <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-2">
      <Label htmlFor={id} className="shrink-0">
        Show documents of
      </Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} className="sm:w-96">
        <option value={ALL}>All standards</option>
        {groupStandards(loaded, { comingSoonApart: false }).map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.standards.length > 1 ? <option value={`j:${group.label}`}>All of {group.label}</option> : null}
            {group.standards.map((s) => (
              <option key={s.code} value={`s:${s.code}`}>
                {s.name}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect>
    </div>
  );
}

function DocumentsTable({ onDelete, filter }: { onDelete: (document: StandardDocument) => void; filter: (document: StandardDocument) => boolean }) {
  const documents = useStandardDocuments();
  return (
    <QueryList query={documents} loading="Loading documents..." failed="Failed to load documents" empty="No documents imported yet.">
      {(all) => {
        const rows = all.filter(filter);
        return rows.length === 0 ? (
          <p className="px-3 py-2 text-sm text-muted-foreground">No documents of this standard are imported.</p>
        ) : (
          <Table aria-label="Imported documents">
            <TableHeader>
              <TableRow>
                <TableHead>Title</TableHead>
                <TableHead className="hidden md:table-cell">Standard</TableHead>
                <TableHead className="hidden md:table-cell">Edition</TableHead>
                <TableHead className="hidden lg:table-cell">Discipline</TableHead>
                <TableHead className="text-right">Clauses</TableHead>
                <TableHead className="hidden lg:table-cell">Imported at</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((d) => (
                <TableRow key={d.id}>
                  <TableCell className="sm:min-w-40">
                    <span className="font-medium break-words">{d.title}</span>
                    {/* The columns hidden on narrow screens, as one line under the title. */}
                    <span className="line-clamp-3 text-xs text-muted-foreground md:hidden" title={d.edition}>
                      {[d.standard, d.edition, d.current ? null : 'older edition', d.disciplines.join(', ')].filter(Boolean).join(' · ')}
                    </span>
                    <span className="hidden text-xs text-muted-foreground md:block lg:hidden">{d.disciplines.join(', ')}</span>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap md:table-cell">{d.standard}</TableCell>
                  <TableCell className="hidden max-w-72 text-muted-foreground md:table-cell">
                    {/* Some editions are a sentence long; two lines, and the rest on hover. */}
                    <span className="line-clamp-2" title={d.edition}>
                      {d.edition || '—'}
                    </span>
                    {/* Kept for "what changed"; the assistant and the library read the edition in force. */}
                    {d.current ? null : <span className="text-xs">Older edition, not in force</span>}
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground lg:table-cell">{d.disciplines.join(', ') || '—'}</TableCell>
                  <TableCell className="text-right tabular-nums">{d.clauseCount.toLocaleString()}</TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">{formatDateTime(d.importedAt, d.importedAt)}</TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      className="px-2 text-muted-foreground hover:text-destructive sm:px-3"
                      aria-label={`Delete ${d.title}${d.edition ? ` (${d.edition})` : ''}`}
                      onClick={() => onDelete(d)}
                    >
                      <Trash2Icon aria-hidden />
                      <span className="hidden sm:inline">Delete</span>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        );
      }}
    </QueryList>
  );
}

/** Narrow screens: less padding, so that tables keep their columns in view. */
const headerClass = 'p-4 sm:p-6';
const tableContentClass = 'px-1 pb-3 sm:px-3 sm:pb-6';

/** Admin › Standards: the library's standards, its imported documents, and the upload form. */
export function StandardsTab() {
  const standards = useStandards();
  const remove = useDeleteStandardDocument();
  const [toDelete, setToDelete] = useState<StandardDocument | null>(null);
  const [shown, setShown] = useState(ALL);
  const filter = useMemo(() => documentFilter(shown, standards.data ?? []), [shown, standards.data]);

  const handleDelete = async () => {
    if (!toDelete) return;
    const document = toDelete;
    setToDelete(null);
    try {
      await remove.mutateAsync(document.id);
      toast.success('Edition deleted', { description: `${document.title} and its ${document.clauseCount.toLocaleString()} clauses were removed.` });
    } catch {
      // api-client showed the error toast.
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <Card className="lg:col-start-2 lg:row-start-1 lg:self-start">
        <CardHeader className={headerClass}>
          <CardTitle>Upload a document</CardTitle>
          <CardDescription>Import a standards document as an edition of its title: a newer one comes into force, the others are kept.</CardDescription>
        </CardHeader>
        <CardContent className="px-4 pb-4 sm:px-6 sm:pb-6">
          <StandardUploadForm standards={standards.data} />
        </CardContent>
      </Card>
      <Card className="min-w-0 lg:col-start-1 lg:row-start-1">
        <CardHeader className={headerClass}>
          <CardTitle>Standards</CardTitle>
          <CardDescription>Standards in the library; a standard is offered in the chat once it has clauses.</CardDescription>
        </CardHeader>
        <CardContent className={tableContentClass}>
          <StandardsTable />
        </CardContent>
      </Card>
      <Card className="min-w-0 lg:col-span-2">
        <CardHeader className={headerClass}>
          <CardTitle>Imported documents</CardTitle>
          <CardDescription>
            Each document is one edition; deleting it removes its clauses, and deleting the edition in force brings the newest one left into force.
          </CardDescription>
          {standards.data ? <DocumentsFilter value={shown} onChange={setShown} standards={standards.data} /> : null}
        </CardHeader>
        <CardContent className={tableContentClass}>
          <DocumentsTable onDelete={setToDelete} filter={filter} />
        </CardContent>
      </Card>
      <ConfirmDeleteDialog
        open={toDelete !== null}
        title="Delete this edition?"
        description={
          toDelete
            ? `“${toDelete.title}”${toDelete.edition ? ` (${toDelete.edition})` : ''} and its ${toDelete.clauseCount.toLocaleString()} clauses will be removed from ${toDelete.standard}. This cannot be undone.`
            : null
        }
        onConfirm={() => void handleDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
