import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import { StubPage } from '../components/layout/stub-page';
import { Button } from '../components/ui/button';

/** /profile (SPEC §2, protected). */
export function ProfilePage() {
  return (
    <StubPage title="Profile" description="Your personal, professional and contact details.">
      <div>
        <Button variant="outline" asChild>
          <Link to={paths.chat}>
            <ArrowLeftIcon aria-hidden />
            Back to Chat
          </Link>
        </Button>
      </div>
    </StubPage>
  );
}

export { ProfilePage as Component };
