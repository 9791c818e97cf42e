import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import { PageContainer, PageHeader } from '../components/layout/page-header';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { AdminGrantNotice } from '../features/auth/components/admin-grant-notice';
import { ChangeEmailCard } from '../features/profile/components/change-email-card';
import { ProfileForm } from '../features/profile/components/profile-form';
import { MfaCard } from '../features/profile/components/mfa-card';
import { SessionsCard } from '../features/profile/components/sessions-card';
import { YourDataCard } from '../features/profile/components/your-data-card';
import { FollowedStandards } from '../features/standards/components/followed-standards';

/** /profile (SPEC §2, protected): the admin-grant notice, the profile form, the change of e-mail, followed standards, two-factor authentication and sessions. */
export function ProfilePage() {
  return (
    <PageContainer className="grid max-w-3xl gap-6">
      <div>
        <Button variant="outline" size="sm" asChild>
          <Link to={paths.chat}>
            <ArrowLeftIcon aria-hidden />
            Back to Chat
          </Link>
        </Button>
      </div>
      <PageHeader title="Profile" description="Your personal, professional and contact details." />
      <AdminGrantNotice />
      <Card>
        <CardContent className="pt-6">
          <ProfileForm />
        </CardContent>
      </Card>
      <ChangeEmailCard />
      <Card>
        <CardHeader>
          <CardTitle>Followed standards</CardTitle>
          <CardDescription>A new edition of one of their documents brings you a notice, naming the clauses that changed.</CardDescription>
        </CardHeader>
        <CardContent>
          <FollowedStandards />
        </CardContent>
      </Card>
      <MfaCard />
      <SessionsCard />
      <YourDataCard />
    </PageContainer>
  );
}

export { ProfilePage as Component };
