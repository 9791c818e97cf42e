/** Business constants of SPEC §9 and product lists shared by server and web app. */

export { CHAT_DISCIPLINES, DEFAULT_DISCIPLINE, type ChatDiscipline } from './chat-disciplines';
export { MENU, STORAGE_KEYS, TOAST } from './ui-constants';

/** SPEC §9 Auth: these are also the values `@supabase/auth-js` uses internally. */
export const AUTH = {
  tickMs: 30_000,
  refreshWhenTicksLeft: 3,
  expiryMarginMs: 90_000,
  retryBaseMs: 200,
  retryMaxMs: 30_000,
  /** SPEC §2 Reset password: a recovery link is valid 60 minutes. */
  recoveryLinkMinutes: 60,
  /** Issue 19: an invitation link is valid 7 days (a resend starts a new 7 days and voids the older link). */
  invitationDays: 7,
  /** Issue 19: a change-of-e-mail confirmation link is valid 24 hours (a newer request voids the older link). */
  emailChangeLinkHours: 24,
  /** SPEC §9 JWKS cache, announced to clients in Cache-Control. */
  jwksCacheSeconds: 600,
} as const;

export const PASSWORD = { loginMin: 6, resetMin: 8 } as const;

export const PROFILE = {
  phoneMin: 6,
  phoneMax: 20,
  companyMin: 2,
  jobTitleMin: 2,
  colourGreenFrom: 80,
  colourYellowFrom: 50,
  bannerDismissDelaysMs: [60_000, 300_000, 900_000],
} as const;

/** Protected-content resources (SPEC §2 Protected content gate). */
export const PROTECTED_RESOURCES = ['investor_flyer'] as const;

/** Standards the product names (SPEC §9); each is selectable once clauses are loaded for it. */
/** The chat's "standard" that answers with a comparison of the standards a question concerns (SPEC: "Comparative Table"). */
export const COMPARATIVE_TABLE = 'Comparative Table';

export const STANDARD_CATALOGUE = [
  { code: '49 CFR', name: '49 CFR (US Federal Railroad Administration)', jurisdiction: 'United States' },
  { code: 'Australian Standards', name: 'Australian Standards', jurisdiction: 'Australia' },
  { code: 'Metro Trains Melbourne', name: 'Metro Trains Melbourne', jurisdiction: 'Victoria, Australia' },
  { code: 'Transport for NSW', name: 'Transport for NSW', jurisdiction: 'New South Wales, Australia' },
  { code: 'V/Line', name: 'V/Line', jurisdiction: 'Victoria, Australia' },
  { code: 'Eurocode', name: 'Eurocode', jurisdiction: 'Europe' },
  { code: COMPARATIVE_TABLE, name: COMPARATIVE_TABLE, jurisdiction: null },
] as const;

/** SPEC §5 / §7 File upload / §9 Uploads: one storage bucket, three folders, limits per folder. */
export const UPLOAD_BUCKET = 'podcasts';
/** The kinds of Knowledge Hub material (SPEC §2 /knowledge-hub tabs Articles and Whitepapers). */
export const MATERIAL_KINDS = ['article', 'whitepaper'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

export const UPLOAD_FOLDERS = ['audio', 'images', 'documents'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

/** Largest file per folder in bytes: audio 80 MB (83886080), images 5 MB, documents 20 MB. */
export const UPLOAD_MAX_BYTES: Record<UploadFolder, number> = {
  audio: 80 * 1024 * 1024,
  images: 5 * 1024 * 1024,
  documents: 20 * 1024 * 1024,
};

/** Extensions a folder accepts (checked by content, never by the name alone). */
export const UPLOAD_TYPES: Record<UploadFolder, readonly string[]> = {
  audio: ['mp3', 'wav', 'm4a', 'ogg'],
  images: ['jpg', 'png', 'gif', 'webp', 'svg'],
  documents: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt'],
};

/** `accept` attribute of each folder's file input. */
export const UPLOAD_ACCEPT: Record<UploadFolder, string> = {
  audio: 'audio/mpeg,audio/wav,audio/x-wav,audio/mp4,audio/x-m4a,audio/ogg,.mp3,.wav,.m4a,.ogg',
  images: 'image/jpeg,image/png,image/gif,image/webp,image/svg+xml,.jpg,.jpeg,.png,.gif,.webp,.svg',
  documents: '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt',
};

/** Stored files are served with `Cache-Control: max-age=3600` (SPEC §9). */
export const UPLOAD_CACHE_SECONDS = 3600;

/** SPEC §4 / §9: save progress steps around the image and the audio or document upload. */
export const UPLOAD_PROGRESS_STEPS = [10, 40, 50, 80, 100] as const;

/** SPEC §3 Pricing plan. `price` is shown as written; `period` is null for custom pricing. */
export interface PricingPlan {
  id: 'basic' | 'professional' | 'enterprise';
  name: string;
  price: string;
  period: string | null;
  description: string;
  features: readonly string[];
  buttonText: string;
  /** The plan marked 'Most Popular'. */
  highlighted: boolean;
}

/** SPEC §9 Plans: Basic $149/month, Professional $349/month (Most Popular), Enterprise custom. */
export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: 'basic',
    name: 'Basic',
    price: '$149',
    period: 'per month',
    description: 'For individual engineers checking their work against the standards.',
    features: ['Access to 3 disciplines', '10 sessions per month', 'Documents up to 25 pages', 'Email support'],
    buttonText: 'Get Started',
    highlighted: false,
  },
  {
    id: 'professional',
    name: 'Professional',
    price: '$349',
    period: 'per month',
    description: 'For engineers and consultants who rely on the assistant every day.',
    features: ['Access to all disciplines', 'Unlimited sessions', 'Documents up to 100 pages', 'Priority support by email and phone', 'Custom reports'],
    buttonText: 'Get Started',
    highlighted: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 'Custom pricing',
    period: null,
    description: 'For railway organisations, contractors and asset owners.',
    features: ['Unlimited users and sessions', 'Dedicated account manager', 'Integrations with your systems', 'On-premise deployment', 'Team training'],
    buttonText: 'Contact Sales',
    highlighted: false,
  },
];
