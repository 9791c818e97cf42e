import { DisciplinesPage } from '../features/public-site/components/disciplines-page';

/** /disciplines (SPEC §2): the seven advisor cards. */
export { DisciplinesPage, DisciplinesPage as Component };
