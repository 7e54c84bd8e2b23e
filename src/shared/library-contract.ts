/**
 * The library part of the contract: the person's own files (PDF, DOCX, EPUB, Markdown, HTML,
 * text) added by path, listed, searched passage by passage, removed and re-indexed. Paths are the
 * machine's own: adding is for a person's UI (the desktop app, the web UI's session, the CLI),
 * never an agent's; listing and searching are open to agents like the history.
 */
import * as z from 'zod';

/** The kinds of file the library reads (src/main/library/document.ts keeps the same list). */
export const LIBRARY_TYPES = ['pdf', 'docx', 'epub', 'markdown', 'html', 'text'] as const;
export const LibraryTypeSchema = z.enum(LIBRARY_TYPES, { error: `type must be one of ${LIBRARY_TYPES.join(', ')}` });
export type LibraryType = z.infer<typeof LibraryTypeSchema>;

/**
 * Whether a library document's path is the address of a page saved from the web (library.save)
 * rather than a file's path: a file's path is never an http(s) URL.
 */
export function isSavedPagePath(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

export const MAX_LIBRARY_PATHS = 100;
export const MAX_LIBRARY_IDS = 1000;
/** A passage's text as a search answers it: a PDF page or a heading's part, cut here. */
export const MAX_PASSAGE_CHARS = 2_000;

const PathSchema = z.string().trim().min(1, 'a path is empty').max(4096, 'a path is longer than 4096 characters');

export const LibraryAddRequestSchema = z
  .object({
    /** Files and folders (a folder: every file the library reads in it, at any depth). */
    paths: z
      .array(PathSchema, { error: 'paths is a list of file or folder paths' })
      .min(1, 'paths is empty: give a file or folder')
      .max(MAX_LIBRARY_PATHS, `at most ${MAX_LIBRARY_PATHS} paths at once (add their folder instead)`),
    /** Follow the folders whenever Lantern runs (kept until stopped): files added, edited or removed are indexed again. */
    watch: z.boolean({ error: 'watch is true or false' }).default(false),
  })
  .strict();
export type LibraryAddRequestInput = z.input<typeof LibraryAddRequestSchema>;

export const LibraryReindexRequestSchema = z
  .object({
    /** Only these folders or files of the library (default: all of it). */
    paths: z
      .array(PathSchema)
      .min(1, 'paths is empty: leave it out to re-index everything')
      .max(MAX_LIBRARY_PATHS)
      .optional(),
  })
  .strict();
export type LibraryReindexRequestInput = z.input<typeof LibraryReindexRequestSchema>;

export const LibraryListRequestSchema = z
  .object({
    type: LibraryTypeSchema.optional(),
    /** Only documents whose title or path holds this text (any case). */
    query: z.string().max(1000, 'query is longer than 1000 characters').optional(),
    /** At most this many documents, by path (`total` still counts them all). */
    limit: z.number({ error: 'limit: expected a whole number from 1' }).int().min(1).optional(),
  })
  .strict();
export type LibraryListRequestInput = z.input<typeof LibraryListRequestSchema>;

const countSchema = (max: number, fallback: number) =>
  z
    .number({ error: `limit: expected a whole number from 1 to ${max}` })
    .int()
    .min(1)
    .max(max)
    .default(fallback);

export const LibrarySearchRequestSchema = z
  .object({
    /** Words to find: passages holding all of them first; when none does, those holding any. */
    query: z.string().trim().min(1, 'query is empty').max(1000, 'query is longer than 1000 characters'),
    limit: countSchema(50, 10),
    type: LibraryTypeSchema.optional(),
  })
  .strict();
export type LibrarySearchRequestInput = z.input<typeof LibrarySearchRequestSchema>;

const IdSchema = z
  .number({ error: 'an id is a whole number such as 12' })
  .int('an id is a whole number such as 12')
  .min(1, 'an id is a whole number such as 12');

/** What one upload may carry, the files' bytes together (a person's documents, not a disk). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_FILES = 50;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Files sent by their bytes, where the sender cannot name a path (a browser's drop or file
 * picker, web mode): each kept in the data dir and indexed as a file added by path would be.
 */
export const LibraryImportRequestSchema = z
  .object({
    files: z
      .array(
        z
          .object({
            name: z
              .string({ error: 'name is the file name, e.g. paper.pdf' })
              .min(1, 'name is empty')
              .max(255, 'name is longer than 255 characters')
              .refine((name) => !/[/\\\0]/.test(name) && name !== '.' && name !== '..', {
                error: 'name is a file name, without a folder (no / or \\)',
              }),
            data: z
              .string({ error: 'data is the file’s bytes in base64' })
              .refine((data) => data.length % 4 === 0 && BASE64.test(data), { error: 'data is not base64' }),
          })
          .strict(),
        { error: 'files is a list of { name, data } (data: the bytes in base64)' },
      )
      .min(1, 'files is empty: send at least one file')
      .max(MAX_IMPORT_FILES, `at most ${MAX_IMPORT_FILES} files at once`)
      .refine((files) => files.reduce((sum, file) => sum + (file.data.length / 4) * 3, 0) <= MAX_IMPORT_BYTES + 3, {
        error: `the files are larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB together: send fewer at once`,
      }),
  })
  .strict();
export type LibraryImportRequestInput = z.input<typeof LibraryImportRequestSchema>;

/** A library document to read whole, by the file URL its citations carry (`file:///…`, `#page=N` for a PDF's page). */
export const LibraryReadRequestSchema = z
  .object({
    url: z
      .string({ error: 'url is the file URL of a library document, e.g. file:///home/you/paper.pdf' })
      .max(8192, 'url is longer than 8192 characters')
      .refine((url) => URL.canParse(url) && new URL(url).protocol === 'file:', {
        error: 'url is the file URL of a library document, e.g. file:///home/you/paper.pdf',
      }),
  })
  .strict();
export type LibraryReadRequestInput = z.input<typeof LibraryReadRequestSchema>;

/**
 * A page Lantern read (for an answer, or in the reader) to keep in the library: its text as read,
 * indexed like a document, its address kept as its origin. By its http(s) address.
 */
export const LibrarySaveRequestSchema = z
  .object({
    url: z
      .string({ error: 'url is the address of a page Lantern read, e.g. https://example.org/article' })
      .trim()
      .max(8192, 'url is longer than 8192 characters')
      .refine((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), {
        error: 'url is the http(s) address of a page Lantern read, e.g. https://example.org/article',
      }),
  })
  .strict();
export type LibrarySaveRequestInput = z.input<typeof LibrarySaveRequestSchema>;

/** A watched folder to stop following (library.list's `watching` names them). */
export const LibraryUnwatchRequestSchema = z
  .object({
    path: PathSchema,
  })
  .strict();
export type LibraryUnwatchRequestInput = z.input<typeof LibraryUnwatchRequestSchema>;

export const LibraryUnwatchResponseSchema = z.object({
  /** The folder no longer followed (its documents stay in the library). */
  stopped: z.string(),
  /** The folders still followed. */
  watching: z.array(z.string()),
});
export type LibraryUnwatchResponse = z.infer<typeof LibraryUnwatchResponseSchema>;

export const LibraryRemoveRequestSchema = z
  .object({
    /** Documents' ids (library.list gives them). */
    ids: z
      .array(IdSchema, { error: 'ids is a list of document ids' })
      .min(1, 'ids is empty')
      .max(MAX_LIBRARY_IDS, `at most ${MAX_LIBRARY_IDS} ids at once`),
  })
  .strict();
export type LibraryRemoveRequestInput = z.input<typeof LibraryRemoveRequestSchema>;

export const UnreadableFileSchema = z.object({ path: z.string(), reason: z.string() });
export type UnreadableFileInfo = z.infer<typeof UnreadableFileSchema>;

/** What an add or re-index did: every readable file indexed, the others listed with why. */
export const LibraryAddResponseSchema = z.object({
  /** Files read and indexed by this call (new or changed). */
  indexed: z.array(z.string()),
  /** Files already indexed as they are. */
  unchanged: z.number().int().min(0),
  /** Documents dropped because their file is gone. */
  removed: z.array(z.string()),
  /** Files and paths that could not be read, with why; nothing else stopped for them. */
  unreadable: z.array(UnreadableFileSchema),
  /** Folders followed from now on, and again whenever Lantern starts (watch; library.unwatch stops one). */
  watching: z.array(z.string()),
  /** Documents in the library after the call. */
  documents: z.number().int().min(0),
});
export type LibraryAddResponse = z.infer<typeof LibraryAddResponseSchema>;

export const LibraryDocumentSchema = z.object({
  id: z.number().int(),
  path: z.string(),
  type: LibraryTypeSchema,
  title: z.string(),
  lang: z.string().optional(),
  /** Pages of a PDF. */
  pages: z.number().int().optional(),
  /** Passages indexed (pages, chapters, heading parts). */
  sections: z.number().int().min(0),
  size: z.number().int().min(0),
  /** When it was indexed (epoch ms). */
  indexedAt: z.number().int(),
  /** A page saved from the web (library.save): the address it was read from (also its path). */
  origin: z.string().optional(),
});
export type LibraryDocumentInfo = z.infer<typeof LibraryDocumentSchema>;

export const LibraryListResponseSchema = z.object({
  documents: z.array(LibraryDocumentSchema),
  /** Documents that match, before the limit. */
  total: z.number().int().min(0),
  /** Files of the library's folders that could not be read, with why. */
  unreadable: z.array(UnreadableFileSchema),
  folders: z.array(z.string()),
  /** The folders followed whenever Lantern runs (the desktop app, `lantern serve`): added with watch, until stopped. */
  watching: z.array(z.string()),
});
export type LibraryListResponse = z.infer<typeof LibraryListResponseSchema>;

export const LibraryPassageSchema = z.object({
  /** 1-based, in rank order. */
  n: z.number().int().min(1),
  documentId: z.number().int(),
  title: z.string(),
  path: z.string(),
  type: LibraryTypeSchema,
  /** 1-based page of a PDF. */
  page: z.number().int().min(1).optional(),
  /** Heading path ("Methods › Sampling") or chapter. */
  heading: z.string().optional(),
  /** The passage's words around the match, the matches in **. */
  snippet: z.string(),
  /** The passage's text (at most MAX_PASSAGE_CHARS). */
  text: z.string(),
  truncated: z.boolean(),
});
export type LibraryPassage = z.infer<typeof LibraryPassageSchema>;

export const LibrarySearchResponseSchema = z.object({
  query: z.string(),
  /** 'all': the passages hold every word; 'any': none did, these hold some. */
  matched: z.enum(['all', 'any']),
  passages: z.array(LibraryPassageSchema),
});
export type LibrarySearchResponse = z.infer<typeof LibrarySearchResponseSchema>;

export const LibraryRemoveResponseSchema = z.object({
  removed: z.array(z.object({ id: z.number().int(), path: z.string(), title: z.string() })),
  /** Ids asked for that are not in the library. */
  notFound: z.array(z.number().int()),
});
export type LibraryRemoveResponse = z.infer<typeof LibraryRemoveResponseSchema>;

export const LibrarySaveResponseSchema = z.object({
  /** 'saved': new to the library; 'updated': saved before, its text changed since; 'unchanged': saved as it is. */
  outcome: z.enum(['saved', 'updated', 'unchanged']),
  document: LibraryDocumentSchema,
  /** Documents in the library after the call. */
  documents: z.number().int().min(0),
});
export type LibrarySaveResponse = z.infer<typeof LibrarySaveResponseSchema>;

/** The steps of an add or re-index: a progress event per file, then done. */
export const LibraryEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    done: z.number().int().min(0),
    total: z.number().int().min(0),
    current: z.string(),
  }),
  z.object({ type: z.literal('done'), tookMs: z.number().min(0) }),
]);
export type LibraryEvent = z.infer<typeof LibraryEventSchema>;
