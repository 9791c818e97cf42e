import type { Factor } from '@supabase/auth-js';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon, ShieldCheckIcon } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';
import { totpCodeSchema } from '../../../../shared/schemas/mfa';
import { LoadFailed, Loading } from '../../../components/load-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { formatFull } from '../../../lib/format-date';
import { serverMessage } from '../../../lib/server-errors';
import { enrollTotp, regenerateRecoveryCodes, unenrollFactor, useFactors, useRecoveryCodeCount, verifyCode } from '../api/mfa';

/** The id the profile's MFA card has, so the admin area can link to it. */
export const MFA_CARD_ID = 'two-factor';

const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? serverMessage(error, error.message) : fallback);

/** A 6-digit code field with its submit button; `onCode` throws to show the server's message. */
function CodeForm({
  label,
  submitLabel,
  onCode,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  onCode: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setBusy(true);
    setError(undefined);
    try {
      await onCode(parsed.data);
    } catch (failure) {
      setError(errorText(failure, messages.mfa.verificationFailed));
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3 sm:max-w-xs">
      <TextField
        label={label}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Verifying...' : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Recovery codes, shown once after they are made. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingId = useId();
  const copy = () =>
    void navigator.clipboard.writeText(codes.join('\n')).then(
      () => toast.success('Recovery codes copied'),
      () => toast.error('The codes could not be copied; please write them down.'),
    );
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-md border border-primary/40 bg-primary/5 p-4">
      <h3 id={headingId} className="font-medium">
        Save your recovery codes
      </h3>
      <p className="text-sm text-muted-foreground">
        If you lose your phone, each of these codes signs you in once instead of a code from the app. They are shown only now: keep them somewhere safe, such as
        a password manager.
      </p>
      <ol className="grid grid-cols-1 gap-1 font-mono text-sm min-[400px]:grid-cols-2" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          Copy codes
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </section>
  );
}

/**
 * Profile › Two-factor authentication (issue 19): set up an authenticator app (QR code and key
 * shown once, confirmed by a code), its recovery codes (shown once, can be made again), and
 * removing it (a code first). Once on, every sign-in asks for a code.
 */
export function MfaCard() {
  const queryClient = useQueryClient();
  const factors = useFactors();
  const titleId = useId();
  const [enrolment, setEnrolment] = useState<{ id: string; qrCode: string; secret: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const verified = (factors.data ?? []).filter((f) => f.status === 'verified');
  const recovery = useRecoveryCodeCount(verified.length > 0);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['mfa'] });

  // The admin area links here (/profile#two-factor) when admins must use MFA.
  useEffect(() => {
    if (window.location.hash === `#${MFA_CARD_ID}`) document.getElementById(MFA_CARD_ID)?.scrollIntoView({ block: 'start' });
  }, []);

  const start = async () => {
    setBusy(true);
    try {
      const { id, totp } = await enrollTotp();
      setEnrolment({ id, qrCode: totp.qr_code, secret: totp.secret });
    } catch (error) {
      toast.error('Two-factor authentication could not be set up', { description: errorText(error, messages.toast.unexpected) });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (code: string) => {
    if (!enrolment) return;
    await verifyCode(enrolment.id, code);
    setEnrolment(null);
    toast.success('Two-factor authentication is on', { description: 'Your next sign-in will ask for a code from your app.' });
    try {
      setCodes(await regenerateRecoveryCodes());
    } catch (error) {
      toast.error('Recovery codes could not be made', { description: errorText(error, 'Use "Generate new recovery codes" to try again.') });
    }
    refresh();
  };

  const cancelEnrolment = () => {
    if (enrolment) void unenrollFactor(enrolment.id).catch(() => undefined);
    setEnrolment(null);
    refresh();
  };

  const remove = async (factor: Factor, code: string) => {
    await verifyCode(factor.id, code);
    await unenrollFactor(factor.id);
    setRemoving(null);
    toast.success('Two-factor authentication is off', { description: 'Sign-in asks for your password only.' });
    refresh();
  };

  const regenerate = async () => {
    setBusy(true);
    try {
      setCodes(await regenerateRecoveryCodes());
      refresh();
    } catch (error) {
      toast.error('Recovery codes could not be made', { description: errorText(error, messages.toast.unexpected) });
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (factors.isPending) body = <Loading label="Loading two-factor authentication..." />;
  else if (factors.isError)
    body = <LoadFailed error={factors.error} fallback="Your two-factor settings could not be loaded." onRetry={() => void factors.refetch()} />;
  else if (codes) body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  else if (enrolment)
    body = (
      <div className="grid gap-4">
        <ol className="grid list-decimal gap-3 pl-5 text-sm">
          <li>Open an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) and scan this QR code.</li>
          <li>
            Or enter this key by hand:{' '}
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all" aria-label="Setup key">
              {enrolment.secret}
            </code>
          </li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <img src={enrolment.qrCode} alt="QR code to scan with your authenticator app" width={192} height={192} className="rounded-md border bg-white" />
        <CodeForm label="Code from the app" submitLabel="Verify and turn on" onCode={confirm} onCancel={cancelEnrolment} />
      </div>
    );
  else if (verified.length > 0)
    body = (
      <div className="grid gap-4">
        <ul className="grid gap-2" aria-label="Authenticator apps">
          {verified.map((factor) => (
            <li key={factor.id} className="grid gap-3 rounded-md border px-3 py-2">
              <div className="flex flex-wrap items-center gap-3">
                <ShieldCheckIcon className="size-5 shrink-0 text-primary" aria-hidden />
                <div className="grid min-w-0 flex-1 basis-40">
                  <span className="font-medium">{factor.friendly_name || 'Authenticator app'}</span>
                  <span className="text-sm text-muted-foreground">Added {formatFull(factor.created_at)}</span>
                </div>
                {removing === factor.id ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setRemoving(factor.id)}
                    aria-label={`Remove ${factor.friendly_name || 'authenticator app'}`}
                  >
                    Remove
                  </Button>
                )}
              </div>
              {removing === factor.id ? (
                <CodeForm
                  label="Code from the app, to remove it"
                  submitLabel="Remove"
                  onCode={(code) => remove(factor, code)}
                  onCancel={() => setRemoving(null)}
                />
              ) : null}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted-foreground">
            {recovery.data === undefined ? 'Recovery codes' : `${recovery.data} unused recovery code${recovery.data === 1 ? '' : 's'} left.`}
          </p>
          <Button variant="outline" size="sm" onClick={() => void regenerate()} disabled={busy}>
            <KeyRoundIcon aria-hidden />
            Generate new recovery codes
          </Button>
        </div>
      </div>
    );
  else
    body = (
      <div className="grid gap-3">
        <p className="text-sm">Two-factor authentication is off: your password alone signs you in.</p>
        <div>
          <Button onClick={() => void start()} disabled={busy}>
            <ShieldCheckIcon aria-hidden />
            Set up authenticator app
          </Button>
        </div>
      </div>
    );

  return (
    <Card role="region" aria-labelledby={titleId} id={MFA_CARD_ID} className="scroll-mt-20">
      <CardHeader>
        <CardTitle id={titleId}>Two-factor authentication</CardTitle>
        <CardDescription>A code from an authenticator app on your phone at each sign-in, so that your password alone cannot open your account.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
