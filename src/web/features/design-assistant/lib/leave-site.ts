/** Sends the browser to another site (a seam, so tests can see the address without navigating). */
export function leaveSite(url: string): void {
  window.location.assign(url);
}
