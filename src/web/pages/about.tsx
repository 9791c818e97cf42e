import { StubPage } from '../components/layout/stub-page';

/** About the company (SPEC §2). */
export function AboutPage() {
  return <StubPage title="About the company" description="The world's first AI-powered SaaS platform dedicated solely to the railway sector, serving metro, regional, high-speed and freight rail." />;
}

export { AboutPage as Component };
