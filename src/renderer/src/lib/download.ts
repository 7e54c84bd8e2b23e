/** Saves text as a Markdown file through the browser's download (a thread's or a report's export). */
const markdownFileName = (title: string): string => `${title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 60) || 'lantern-thread'}.md`;

export function downloadMarkdown(title: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = markdownFileName(title);
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
