/** Saves a thread's or a report's export through the browser's download (web mode and the app alike). */
const markdownFileName = (title: string): string =>
  `${
    title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'lantern-thread'
  }.md`;

/** Saves the bytes or text as a file named `fileName`. */
export function downloadFile(fileName: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadMarkdown(title: string, text: string): void {
  downloadFile(markdownFileName(title), new Blob([text], { type: 'text/markdown;charset=utf-8' }));
}
