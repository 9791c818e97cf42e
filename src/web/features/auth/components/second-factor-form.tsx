import { useState, type FormEvent } from 'react';
import { AppError } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import { recoveryCodeSchema, totpCodeSchema } from '../../../../shared/schemas/mfa';
import { sessionSchema } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { api } from '../../../lib/api-client';
import { loadAuth } from '../../../lib/load-auth';
import { serverMessage } from '../../../lib/server-errors';

/**
 * The sign-in's second step for an account with MFA (issue 19): the 6-digit code of the
 * authenticator app (auth-js `mfa.challengeAndVerify`), or one of the recovery codes
 * (`POST /api/auth/mfa/recovery`, Trackside's). Either raises the session to aal2.
 */
export function SecondFactorForm({ onSuccess, onCancel }: { onSuccess: () => void; onCancel: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = (useRecovery ? recoveryCodeSchema : totpCodeSchema).safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const auth = await loadAuth();
      if (useRecovery) {
        const session = await api.post('/auth/mfa/recovery', { code: parsed.data }, { schema: sessionSchema, toast: false });
        const { error: sessionError } = await auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
        if (sessionError) throw sessionError;
      } else {
        const { data } = await auth.getSession();
        const factor = data.session?.user.factors?.find((f) => f.status === 'verified' && f.factor_type === 'totp');
        if (!factor) throw new Error(messages.mfa.factorNotFound);
        const { error: verifyError } = await auth.mfa.challengeAndVerify({ factorId: factor.id, code: parsed.data });
        if (verifyError) throw verifyError;
      }
      onSuccess();
    } catch (failure) {
      // auth-js errors carry the server's message; the API client's are AppErrors.
      const fallback = useRecovery ? messages.mfa.recoveryCodeInvalid : messages.mfa.verificationFailed;
      setError(failure instanceof AppError ? serverMessage(failure, fallback) : failure instanceof Error && failure.message ? failure.message : fallback);
      setBusy(false);
    }
  };

  const switchMode = () => {
    setUseRecovery((v) => !v);
    setCode('');
    setError(undefined);
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Two-factor authentication">
      <p className="text-sm text-muted-foreground">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor authentication. Each code works once.'
          : 'Your account uses two-factor authentication. Enter the 6-digit code from your authenticator app.'}
      </p>
      {useRecovery ? (
        <TextField
          key="recovery"
          label="Recovery code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="xxxxx-xxxxx"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
          autoFocus
        />
      ) : (
        <TextField
          key="totp"
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="123456"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
          autoFocus
        />
      )}
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button type="button" variant="link" className="h-auto p-0" onClick={switchMode}>
          {useRecovery ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
        </Button>
        <Button type="button" variant="link" className="h-auto p-0" onClick={onCancel}>
          Cancel and sign out
        </Button>
      </div>
    </form>
  );
}
