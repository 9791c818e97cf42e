import { DownloadIcon, Trash2Icon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../../shared/messages';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { formatFull } from '../../../lib/format-date';
import { loadAuth } from '../../../lib/load-auth';
import { serverMessage } from '../../../lib/server-errors';
import { useSession } from '../../../lib/session/use-session';
import { toast } from '../../../lib/toast';
import { deleteMyAccount, downloadExport, useMyExports, useRequestExport } from '../api/account-data';

const m = messages.account;

/** Where the newest export is: nothing asked yet, being prepared, ready (until when), or failed. */
function ExportStatus() {
  const exports = useMyExports();
  const request = useRequestExport();
  const [downloading, setDownloading] = useState(false);
  const latest = exports.data?.[0];
  const preparing = request.isPending || latest?.status === 'requested' || latest?.status === 'running';

  const handleDownload = async (id: string) => {
    setDownloading(true);
    try {
      await downloadExport(id);
    } catch {
      // apiDownload has shown the error.
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        A zip of your profile, conversations with their citations, document checks with the documents you uploaded, forum posts, saved topics and follows, as
        JSON and files. Large accounts take a few minutes; the zip can be downloaded for 7 days.
      </p>
      <div className="flex flex-wrap items-center gap-3" aria-live="polite">
        <Button variant="outline" disabled={preparing} onClick={() => request.mutate()}>
          {preparing ? 'Preparing your data…' : latest?.status === 'ready' ? 'Prepare a new copy' : 'Download my data'}
        </Button>
        {latest?.status === 'ready' ? (
          <Button disabled={downloading} onClick={() => void handleDownload(latest.id)}>
            <DownloadIcon aria-hidden />
            {downloading ? 'Downloading…' : 'Download zip'}
          </Button>
        ) : null}
        {latest?.status === 'ready' && latest.expires_at ? (
          <span className="text-sm text-muted-foreground">Ready · available until {formatFull(latest.expires_at)}</span>
        ) : null}
        {latest?.status === 'failed' ? (
          <span role="alert" className="text-sm text-destructive">
            {latest.error ?? m.exportFailed}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** The danger area: deleting the account after the password again (and a code with a second factor). */
function DeleteAccount() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const descriptionId = useId();
  const needsCode = Boolean(user?.factors?.some((factor) => factor.status === 'verified'));

  const close = () => {
    setOpen(false);
    setPassword('');
    setCode('');
    setError(null);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(m.passwordRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await deleteMyAccount({ password, ...(needsCode ? { code } : {}) });
    } catch (failure) {
      setError(serverMessage(failure, 'Your account could not be deleted. Please try again.'));
      setBusy(false);
      return;
    }
    // The server has ended every session; forget this one here and go home.
    await navigate(paths.home);
    await (await loadAuth()).signOut({ scope: 'local' }).catch(() => undefined);
    toast.success('Account deleted', { description: m.deleted });
  };

  return (
    <div className="grid gap-3 rounded-md border border-destructive/40 p-4">
      <h3 className="font-medium text-destructive">Delete my account</h3>
      <p className="text-sm text-muted-foreground">
        Your profile, conversations, document checks, saved topics and sessions are removed for good. Your forum posts stay, shown as “Deleted user”. This
        cannot be undone.
      </p>
      <div>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2Icon aria-hidden />
          Delete my account
        </Button>
      </div>
      <Dialog open={open} onOpenChange={(isOpen) => (isOpen ? setOpen(true) : close())}>
        <DialogContent aria-describedby={descriptionId}>
          <form noValidate onSubmit={(e) => void handleSubmit(e)} className="grid gap-4" aria-label="Delete my account">
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription id={descriptionId}>Enter your password to confirm. Everything listed will be erased at once.</DialogDescription>
            </DialogHeader>
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={error ?? undefined}
              autoFocus
            />
            {needsCode ? (
              <TextField
                label="Authentication code"
                hint="The 6 digits your authenticator app shows, or one of your recovery codes."
                autoComplete="one-time-code"
                maxLength={11}
                value={code}
                onChange={(e) => setCode(e.target.value.trim())}
              />
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy ? 'Deleting…' : 'Delete my account'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** Profile › Your data (issue 19): a copy of everything Trackside holds about you, and deleting your account. */
export function YourDataCard() {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Your data</CardTitle>
        <CardDescription>Download a copy of your data, or delete your account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ExportStatus />
        <DeleteAccount />
      </CardContent>
    </Card>
  );
}
