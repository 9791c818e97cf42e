import { ComparePage } from '../features/compare/components/compare-page';

/** /compare: the comparison of standards on a topic. */
export { ComparePage as Component };
