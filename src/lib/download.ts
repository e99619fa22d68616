// Offers a file to the visitor as a download: text made in the browser (CSV lists, privacy
// exports, calendar files) or a file a function answered (a receipt's PDF).

export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadText(fileName: string, type: string, text: string): void {
  downloadBlob(fileName, new Blob([text], { type }));
}
