import { useLocation } from 'react-router';
import { paths } from '../app/paths';
import { StubPage } from '../components/layout/stub-page';

const titles: Record<string, string> = {
  [paths.disciplineTrack]: 'Track Engineering',
  [paths.disciplineStructures]: 'Civil Structures',
  [paths.disciplineSignalling]: 'Signalling',
  [paths.disciplineElectrical]: 'Electrical Systems',
  [paths.disciplineGeotechnical]: 'Geotechnical',
};

/** /disciplines/<discipline> (SPEC §2 footer links); one module serves the five routes. */
export function DisciplinePage() {
  const { pathname } = useLocation();
  const title = titles[pathname.replace(/\/+$/, '')] ?? 'Disciplines';
  return <StubPage title={title} description={`Guidance for ${title.toLowerCase()} engineers.`} />;
}

export { DisciplinePage as Component };
