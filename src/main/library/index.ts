export { LibraryService, type LibraryServiceOptions } from './library-service';
export { Library, MAX_FILE_BYTES, type LibraryCallOptions, type LibraryProgress, type SyncReport } from './library';
export { watchFolder, type FolderWatch, type WatchOptions } from './watch';
export { libraryKindOf, readLibraryFile } from './read-file';
export type { DocumentSection, LibraryDocument, LibraryKind, ReadOutcome } from './document';
