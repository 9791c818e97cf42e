import Bowser from 'bowser';

/**
 * A short, readable label for a User-Agent header ("Chrome on Windows", "Safari on iPhone"),
 * for the profile's list of sessions; the raw header is stored beside the session. Bowser reads
 * the browser and the system; an agent that is no browser is named by its first product token
 * ("curl").
 */

/** Bowser's names, as a person says them. */
const SHORT_NAMES: Record<string, string> = {
  'Microsoft Edge': 'Edge',
  'Samsung Internet for Android': 'Samsung Internet',
  'Chrome OS': 'ChromeOS',
};
const short = (name: string | undefined) => (name ? (SHORT_NAMES[name] ?? name) : undefined);

/** The label for `userAgent`; "Unknown device" when there is none. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return 'Unknown device';
  const { browser, os, platform } = Bowser.parse(ua);
  const browserName = browser.name && browser.name !== 'Mozilla' ? short(browser.name) : undefined;
  // An iPhone or an iPad rather than "iOS": the device is what a person recognises.
  const system = os.name === 'iOS' && platform.model ? platform.model : short(os.name);
  if (browserName && system) return `${browserName} on ${system}`;
  if (browserName) return browserName;
  // A program rather than a browser ("node", "curl/8.5.0", "okhttp/4.12"): its name, kept short.
  const product = /^[A-Za-z][\w.-]{0,39}/.exec(ua)?.[0];
  const name = product === 'Mozilla' ? undefined : product;
  if (name && system) return `${name} on ${system}`;
  return name ?? system ?? 'Unknown device';
}
