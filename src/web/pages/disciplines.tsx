import { StubPage } from '../components/layout/stub-page';

/** Disciplines (SPEC §2). */
export function DisciplinesPage() {
  return <StubPage title="Disciplines" description="Specialist advisors for each railway engineering discipline." />;
}

export { DisciplinesPage as Component };
