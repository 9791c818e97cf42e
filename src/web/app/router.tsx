import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout, type RouteHandle } from './app-layout';
import { PageLoader } from '../components/layout/page-loader';
import { RouteError } from '../components/layout/route-error';
import { RequireAuth } from '../features/auth/components/require-auth';
import { checksRoutePaths, forumRoutePaths, knowledgeRoutePaths, paths, standardsRoutePaths } from './paths';

/** A route-level chunk: each page module exports `Component`. */
function page(load: () => Promise<{ Component: ComponentType }>) {
  return async () => ({ Component: (await load()).Component });
}

function route(path: string, title: string, load: () => Promise<{ Component: ComponentType }>, handle: Omit<RouteHandle, 'title'> = {}): RouteObject {
  return { path, handle: { title, ...handle } satisfies RouteHandle, lazy: page(load) };
}

const discipline = () => import('../pages/discipline');
const standardsPage = () => import('../pages/standards');
const checksPage = () => import('../pages/checks');

/** Every route of SPEC §2's table. Protected ones sit under the guards. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { index: true, handle: { title: 'Railway Expertise, On-Demand' } satisfies RouteHandle, lazy: page(() => import('../pages/home')) },
      route(paths.about, 'About', () => import('../pages/about')),
      route(paths.disciplines, 'Disciplines', () => import('../pages/disciplines')),
      route(paths.disciplineTrack, 'Track Engineering', discipline),
      route(paths.disciplineStructures, 'Civil Structures', discipline),
      route(paths.disciplineSignalling, 'Signalling', discipline),
      route(paths.disciplineElectrical, 'Electrical Systems', discipline),
      route(paths.disciplineGeotechnical, 'Geotechnical', discipline),
      route(paths.login, 'Sign In', () => import('../pages/login')),
      route(paths.forgotPassword, 'Forgot Password', () => import('../pages/forgot-password')),
      route(paths.resetPassword, 'Reset Password', () => import('../pages/reset-password')),
      route(paths.accountResetPassword, 'Reset Password', () => import('../pages/account-reset-password')),
      route(paths.acceptInvite, 'Accept Invitation', () => import('../pages/account-accept-invite')),
      route(paths.confirmEmail, 'Confirm E-mail', () => import('../pages/account-confirm-email')),
      route(paths.contact, 'Contact', () => import('../pages/contact')),
      route(paths.requestDemo, 'Request a Demo', () => import('../pages/request-demo')),
      route(paths.knowledgeHub, 'Knowledge Hub', () => import('../pages/knowledge-hub')),
      route(knowledgeRoutePaths.material, 'Knowledge Hub', () => import('../pages/knowledge-material')),
      route(paths.podcastLibrary, 'Podcast Library', () => import('../pages/podcast-library')),
      // The flyer has its own header ('Visit Website') and footer, not the site's (SPEC §2 /flyer).
      route(paths.flyer, 'Investor Flyer', () => import('../pages/flyer'), { standalone: true }),
      route(paths.designAssistant, 'Design Assistant', () => import('../pages/design-assistant')),
      route(paths.communityForum, 'Community Forum', () => import('../pages/community-forum')),
      route(forumRoutePaths.topic, 'Community Forum', () => import('../pages/community-forum-topic')),
      route(paths.standards, 'Standards Library', standardsPage),
      route(standardsRoutePaths.standard, 'Standards Library', standardsPage),
      route(standardsRoutePaths.clause, 'Standards Library', standardsPage),
      route(standardsRoutePaths.changes, 'What Changed', () => import('../pages/standards-changes')),
      {
        element: <RequireAuth />,
        children: [
          route(paths.chat, 'Compliance Assistant', () => import('../pages/chat')),
          route(paths.pricing, 'Pricing', () => import('../pages/pricing')),
          route(paths.profile, 'Profile', () => import('../pages/profile')),
          route(paths.checks, 'Document Check', checksPage),
          route(checksRoutePaths.check, 'Document Check', checksPage),
          route(paths.notices, 'Notices', () => import('../pages/notices')),
          route(paths.compare, 'Compare Standards', () => import('../pages/compare')),
        ],
      },
      {
        path: paths.admin,
        // The admin guard loads with the admin area, not with every page.
        lazy: async () => ({ Component: (await import('../features/auth/components/require-admin')).RequireAdmin }),
        children: [{ index: true, handle: { title: 'Admin Dashboard' } satisfies RouteHandle, lazy: page(() => import('../pages/admin')) }],
      },
      { path: '*', handle: { title: 'Page not found' } satisfies RouteHandle, lazy: page(() => import('../pages/not-found')) },
    ],
  },
];

/** The browser router; created lazily so tests can build memory routers from `routes`. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
