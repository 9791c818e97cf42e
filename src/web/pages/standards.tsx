import { StandardsBrowser } from '../features/standards/components/standards-browser';

/** /standards[/:code[/:ref]]: the standards library browser. */
export function StandardsPage() {
  return <StandardsBrowser />;
}

export { StandardsPage as Component };
