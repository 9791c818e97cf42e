import {
  BookOpenIcon,
  Columns3Icon,
  FileCheck2Icon,
  LibraryBigIcon,
  HeadphonesIcon,
  MessageSquareTextIcon,
  PencilRulerIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import { displayName } from '../../../shared/display-name';
import { messages } from '../../../shared/messages';
import { paths } from '../../app/paths';
import type { AppConfig, ExternalSite } from '../../lib/app-config';

/** SPEC §3 Navigation item: title, description, icon, path, optional subdomain (external site). */
export interface NavItem {
  title: string;
  description: string;
  icon: LucideIcon;
  path: string;
  external?: ExternalSite;
}

export const assistantItems: readonly NavItem[] = [
  {
    title: 'Compliance Assistant',
    description: 'Ask railway engineering questions against a chosen standard and discipline.',
    icon: MessageSquareTextIcon,
    path: paths.chat,
  },
  {
    title: messages.checkPage.title,
    description: messages.checkPage.navDescription,
    icon: FileCheck2Icon,
    path: paths.checks,
  },
  {
    title: messages.comparePage.title,
    description: messages.comparePage.navDescription,
    icon: Columns3Icon,
    path: paths.compare,
  },
  {
    title: 'Design Assistant',
    description: 'Design support for railway engineers on the Design Assistant site.',
    icon: PencilRulerIcon,
    path: paths.designAssistant,
    external: 'designAssistant',
  },
];

export const resourceItems: readonly NavItem[] = [
  {
    title: 'Knowledge Hub',
    description: 'Articles and whitepapers on railway engineering.',
    icon: BookOpenIcon,
    path: paths.knowledgeHub,
    external: 'knowledgeHub',
  },
  {
    title: 'Podcast Library',
    description: 'Listen to railway engineering podcasts.',
    icon: HeadphonesIcon,
    path: paths.podcastLibrary,
    external: 'podcasts',
  },
  {
    title: 'Standards Library',
    description: 'Browse the standards and clauses the Compliance Assistant cites.',
    icon: LibraryBigIcon,
    path: paths.standards,
  },
  {
    title: 'Community Forum',
    description: 'Discuss questions with other railway engineers.',
    icon: UsersIcon,
    path: paths.communityForum,
  },
];

export interface NavTarget {
  href: string;
  /** Opens in a new tab (an external site). */
  isExternal: boolean;
}

/**
 * SPEC §2: signed in, Design Assistant, Knowledge Hub and Podcast Library open their
 * external sites in a new tab (when configured); otherwise the internal path.
 */
export function resolveNavTarget(item: NavItem, isSignedIn: boolean, externalUrls: AppConfig['externalUrls']): NavTarget {
  const url = item.external ? externalUrls[item.external] : null;
  if (isSignedIn && url) return { href: url, isExternal: true };
  return { href: item.path, isExternal: false };
}

/** SPEC §2 signed-in additions (Admin only for admins). */
export function signedInLinks(isAdmin: boolean): { title: string; path: string }[] {
  const links: { title: string; path: string }[] = [
    { title: 'Pricing', path: paths.pricing },
    { title: 'Chat', path: paths.chat },
    { title: 'Profile', path: paths.profile },
  ];
  if (isAdmin) links.push({ title: 'Admin', path: paths.admin });
  return links;
}

/** The part of the e-mail before the at-sign, shown in the bar (the display-name rule without a profile). */
export function emailName(email: string | undefined | null): string {
  return displayName(null, email);
}
