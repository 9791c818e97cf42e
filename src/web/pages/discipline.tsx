import { DisciplinePage } from '../features/public-site/components/discipline-page';

/** /disciplines/track|structures|signalling|electrical|geotechnical: one module serves the five routes. */
export { DisciplinePage, DisciplinePage as Component };
