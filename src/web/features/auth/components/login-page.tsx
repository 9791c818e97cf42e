import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { messages } from '../../../../shared/messages';
import { AuthCard } from '../../../components/layout/auth-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useAppConfig } from '../../../lib/app-config';
import { loginRedirectTarget } from '../../../lib/session/login-redirect';
import { useSession } from '../../../lib/session/use-session';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

/**
 * SPEC §2 /login: tabs Login and Sign Up (disabled, "coming soon", unless the server has
 * sign-up on). Signed-in visitors go straight to the redirect target.
 */
export function LoginPage() {
  const { status } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const { signupEnabled } = useAppConfig();
  const [tab, setTab] = useState('login');
  const target = loginRedirectTarget(location.state);

  // While the session is still being read the form shows, as it was rendered ahead of time:
  // most visitors here are signed out, and a signed-in one is sent on as soon as it is known.
  if (status === 'signed-in') return <Navigate to={target.to} replace state={target.state} />;

  const handleLoginSuccess = () => {
    void navigate(target.to, { replace: true, state: target.state });
  };

  return (
    <AuthCard title="Sign in to Trackside" description="Use the e-mail address and password of your account.">
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="signup" disabled={!signupEnabled}>
            Sign Up
          </TabsTrigger>
        </TabsList>
        {signupEnabled ? null : <p className="text-center text-sm text-muted-foreground">{messages.auth.signupDisabled}.</p>}
        <TabsContent value="login">
          <LoginForm onSuccess={handleLoginSuccess} />
        </TabsContent>
        {signupEnabled ? (
          <TabsContent value="signup">
            <SignupForm onSuccess={() => setTab('login')} />
          </TabsContent>
        ) : null}
      </Tabs>
    </AuthCard>
  );
}
