import { StubPage } from '../components/layout/stub-page';

/** /admin (SPEC §2, admins only; the guard in the router checks the role). */
export function AdminPage() {
  return <StubPage title="Admin Dashboard" description="Manage podcasts, categories, knowledge materials and tags." />;
}

export { AdminPage as Component };
