/** Saves a blob through a temporary link (no second request to the server). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download asynchronously: revoking at once could cancel it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
