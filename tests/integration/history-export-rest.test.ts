/**
 * `GET /v1/history/{id}/export?format=…` on a real server: a PDF or a DOCX as the body itself,
 * with its media type and a file name; the JSON with the Markdown by default.
 */
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import {
  ANSWER_SOURCES,
  CITED_SOURCES,
  pdfPages,
  squeezed,
  wordText,
  writeExportThread,
} from '../support/exported-files';

describe('GET /v1/history/{id}/export', () => {
  let api: TestApi;
  let id: number;
  beforeAll(async () => {
    api = await startTestApi();
    id = writeExportThread(api.dataDir);
  });
  afterAll(() => api.close());

  const get = (query: string) =>
    fetch(`http://127.0.0.1:${api.server.port}/v1/history/${id}/export${query}`, {
      headers: { authorization: `Bearer ${api.token()}` },
    });

  it('answers a DOCX as its bytes, with its media type and a file name for download', async () => {
    const response = await get('?format=docx');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="how-efficient-are-heat-pumps-script-alert-1-script\.docx"/,
    );
    const footnotes = wordText(
      strFromU8(unzipSync(new Uint8Array(await response.arrayBuffer()))['word/footnotes.xml'] as Uint8Array),
    );
    for (const source of CITED_SOURCES) expect(footnotes).toContain(source.url);
  });

  it('answers a PDF as application/pdf, and the JSON with the Markdown by default', async () => {
    const pdf = await get('?format=pdf');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(squeezed((await pdfPages(new Uint8Array(await pdf.arrayBuffer()))).join(''))).toContain(
      squeezed(ANSWER_SOURCES[1]!.url),
    );

    const json = (await (await get('')).json()) as { format: string; markdown: string };
    expect(json.format).toBe('markdown');
    expect(json.markdown).toContain('https://energy.example/cop');
  });

  it('?turn=2 answers that turn alone', async () => {
    const json = (await (await get('?turn=2')).json()) as { title: string; markdown: string };
    expect(json.title).toBe('How long does installing one take?');
    expect(json.markdown).not.toContain('https://energy.example/cop');
  });

  it('refuses an unknown format, naming the parameter', async () => {
    const response = await get('?format=odt');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      "format must be 'json', 'markdown', 'pdf' or 'docx'",
    );
  });
});
