import { InboxIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { LEAD_KINDS, type Lead, type LeadKind } from '../../../../shared/schemas/leads';
import { LoadFailed, Loading } from '../../../components/load-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { formatDateTime } from '../../../lib/format-date';
import { useLeads } from '../api/get-leads';
import { LeadKindBadge } from './lead-kind-badge';

const KIND_LABELS: Record<LeadKind, string> = { contact: 'Contact', demo: 'Demo' };
/** Messages longer than this are folded into an expandable summary. */
const MESSAGE_PREVIEW = 80;
const LOAD_FAILED = 'Failed to load contact and demo requests';

const preferredDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

function formatPreferredDate(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : preferredDateFormat.format(date);
}

function MessageCell({ message }: { message: string | null }) {
  if (!message) return <span className="text-muted-foreground">—</span>;
  if (message.length <= MESSAGE_PREVIEW) return <p className="whitespace-pre-line break-words">{message}</p>;
  return (
    <details className="group">
      <summary className="cursor-pointer break-words text-left marker:text-muted-foreground">
        <span className="group-open:hidden">{message.slice(0, MESSAGE_PREVIEW).trimEnd()}…</span>
        <span className="hidden group-open:inline">Hide full message</span>
      </summary>
      <p className="mt-2 whitespace-pre-line break-words">{message}</p>
    </details>
  );
}

function DemoDetails({ lead }: { lead: Lead }) {
  if (lead.kind !== 'demo' || (!lead.preferredDate && !lead.teamSize)) return <span className="text-muted-foreground">—</span>;
  return (
    <dl className="grid gap-0.5 text-xs">
      {lead.preferredDate ? (
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Date:</dt>
          <dd className="whitespace-nowrap">{formatPreferredDate(lead.preferredDate)}</dd>
        </div>
      ) : null}
      {lead.teamSize ? (
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Team:</dt>
          <dd className="whitespace-nowrap">{lead.teamSize}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function LeadsTable({ leads }: { leads: Lead[] }) {
  return (
    <Table aria-label="Contact and demo requests" className="min-w-[56rem]">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Date</TableHead>
          <TableHead>Kind</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Company</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Preferred date / team size</TableHead>
          <TableHead>Message</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {leads.map((lead) => (
          <TableRow key={lead.id} className="align-top">
            <TableCell className="whitespace-nowrap align-top text-muted-foreground">
              <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt, lead.createdAt)}</time>
            </TableCell>
            <TableCell className="align-top">
              <LeadKindBadge kind={lead.kind}>{KIND_LABELS[lead.kind]}</LeadKindBadge>
            </TableCell>
            <TableCell className="align-top font-medium">{lead.name}</TableCell>
            <TableCell className="align-top">
              <a href={`mailto:${lead.email}`} className="whitespace-nowrap text-primary underline-offset-4 hover:underline">
                {lead.email}
              </a>
            </TableCell>
            <TableCell className="align-top">{lead.company ?? <span className="text-muted-foreground">—</span>}</TableCell>
            <TableCell className="align-top">{lead.role ?? <span className="text-muted-foreground">—</span>}</TableCell>
            <TableCell className="align-top">
              <DemoDetails lead={lead} />
            </TableCell>
            <TableCell className="max-w-sm align-top">
              <MessageCell message={lead.message} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones: one card per request instead of an eight-column table. */
function LeadCards({ leads }: { leads: Lead[] }) {
  return (
    <ul aria-label="Contact and demo requests" className="grid gap-3 px-3">
      {leads.map((lead) => (
        <li key={lead.id} className="grid gap-2 rounded-lg border p-4 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold">{lead.name}</p>
            <LeadKindBadge kind={lead.kind}>{KIND_LABELS[lead.kind]}</LeadKindBadge>
          </div>
          <a href={`mailto:${lead.email}`} className="w-fit break-all text-primary underline-offset-4 hover:underline">
            {lead.email}
          </a>
          {lead.company || lead.role ? <p className="text-muted-foreground">{[lead.role, lead.company].filter(Boolean).join(', ')}</p> : null}
          {lead.preferredDate || lead.teamSize ? <DemoDetails lead={lead} /> : null}
          {lead.message ? <MessageCell message={lead.message} /> : null}
          <p className="text-xs text-muted-foreground">
            <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt, lead.createdAt)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Admin dashboard › Leads: the contact (/contact) and demo (/request-demo) requests, newest first. */
export function LeadsTab() {
  const [kind, setKind] = useState<LeadKind | 'all'>('all');
  const leads = useLeads(kind === 'all' ? undefined : kind);
  const filterId = useId();

  let body;
  if (leads.isPending) {
    body = <Loading label="Loading requests..." className="px-3" />;
  } else if (leads.isError) {
    body = <LoadFailed error={leads.error} fallback={LOAD_FAILED} onRetry={() => void leads.refetch()} className="px-3" />;
  } else if (leads.data.length === 0) {
    body = (
      <div className="grid justify-items-center gap-2 px-3 py-10 text-center text-sm text-muted-foreground">
        <InboxIcon className="size-8" aria-hidden />
        <p className="font-medium text-foreground">{kind === 'all' ? 'No requests yet' : `No ${KIND_LABELS[kind].toLowerCase()} requests yet`}</p>
        <p>Requests sent from the contact and demo pages appear here.</p>
      </div>
    );
  } else {
    body = (
      <>
        <div className="hidden md:block">
          <LeadsTable leads={leads.data} />
        </div>
        <div className="md:hidden">
          <LeadCards leads={leads.data} />
        </div>
      </>
    );
  }

  return (
    // Inline-size containment: the wide table scrolls inside the card instead of widening the dashboard on phones.
    <Card className="min-w-0 [contain:inline-size]">
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-3 p-4 sm:p-6">
        <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
          <CardTitle>Contact and demo requests</CardTitle>
          <CardDescription>Sent from /contact and /request-demo, newest first. Reply by e-mail.</CardDescription>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={filterId}>Kind</Label>
          <NativeSelect id={filterId} value={kind} onChange={(event) => setKind(event.target.value as LeadKind | 'all')} className="w-40">
            <option value="all">All requests</option>
            {LEAD_KINDS.map((value) => (
              <option key={value} value={value}>
                {KIND_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </CardHeader>
      <CardContent className="px-1 pb-3 sm:px-3 sm:pb-6">{body}</CardContent>
    </Card>
  );
}
