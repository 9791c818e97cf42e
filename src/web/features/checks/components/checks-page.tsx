import { useLocation, useNavigate, useParams } from 'react-router';
import { messages } from '../../../../shared/messages';
import { checkPath } from '../../../app/paths';
import { PageContainer, PageHeader } from '../../../components/layout/page-header';
import { useSession } from '../../../lib/session/use-session';
import { CheckUpload } from './check-upload';
import { CheckView } from './check-view';
import { ChecksHistory } from './checks-history';

/** Navigation state set after an upload: the new check's heading takes the focus. */
interface ChecksLocationState {
  focusCheck?: boolean;
}

/**
 * /checks and /checks/:id: upload a document to check, follow the check, read and review its
 * findings; the viewer's earlier checks beside it.
 */
export function ChecksPage() {
  const { id } = useParams<{ id?: string }>();
  const location = useLocation();
  const navigate = useNavigate();
  const viewer = useSession().user?.id ?? null;
  const focusCheck = (location.state as ChecksLocationState | null)?.focusCheck === true;

  return (
    <PageContainer className="grid gap-8 py-8 sm:py-10">
      <PageHeader title={messages.checkPage.title} description={messages.checkPage.description} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <CheckUpload onUploaded={(newId) => void navigate(checkPath(newId), { state: { focusCheck: true } satisfies ChecksLocationState })} />
        <ChecksHistory viewer={viewer} currentId={id} />
      </div>
      {id ? <CheckView key={id} id={id} viewer={viewer} focusOnLoad={focusCheck} /> : null}
    </PageContainer>
  );
}
