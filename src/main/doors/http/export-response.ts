import type { ServerResponse } from 'node:http';
import type { HistoryExportResponse } from '../../../shared/history-contract';

/**
 * A thread's export as the body itself (`GET /v1/history/{id}/export?format=markdown|pdf|docx`):
 * Markdown as text/markdown, a PDF or DOCX as its bytes with its media type, named for download.
 */
export function sendExport(res: ServerResponse, exported: HistoryExportResponse): void {
  const body =
    exported.format === 'markdown'
      ? Buffer.from(exported.markdown)
      : Buffer.from(exported.data.buffer, exported.data.byteOffset, exported.data.byteLength);
  const mediaType = exported.format === 'markdown' ? 'text/markdown; charset=utf-8' : exported.mediaType;
  const fileName = exported.format === 'markdown' ? `lantern-thread-${exported.id}.md` : exported.fileName;
  res.writeHead(200, {
    'content-type': mediaType,
    'content-length': String(body.byteLength),
    // RFC 6266: the ASCII fallback name, and the UTF-8 one (a title in any script).
    'content-disposition': `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}
