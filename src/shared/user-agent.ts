/**
 * A short, readable label for a User-Agent header ("Chrome on Windows", "Safari on iPhone"),
 * for the profile's list of sessions. No UA-parsing library is installed, so this knows the
 * browsers and systems people sign in from and nothing more: the raw header is stored beside
 * the session, and anything not recognised is named by its first product token ("curl").
 */

const BROWSERS: [RegExp, string][] = [
  // Order matters: Edge, Opera and Samsung Internet also say Chrome and Safari; Chrome also says Safari.
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  // Android and ChromeOS before Linux, iPhone and iPad before macOS (iOS agents say "like Mac OS X").
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (value: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(value))?.[1];

/** The label for `userAgent`; "Unknown device" when there is none. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return 'Unknown device';
  const browser = firstMatch(ua, BROWSERS);
  const system = firstMatch(ua, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  // A program rather than a browser ("node", "curl/8.5.0", "okhttp/4.12"): its name, kept short.
  const product = /^[A-Za-z][\w.-]{0,39}/.exec(ua)?.[0];
  const name = product === 'Mozilla' ? undefined : product;
  if (name && system) return `${name} on ${system}`;
  return name ?? system ?? 'Unknown device';
}
