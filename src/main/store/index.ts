export { openStore, type OpenStoreOptions, type PurgeReport, type Store } from './store';
export type { Clock } from './clock';
export { describeRecovery, type RecoveryReport } from './open-database';
export type { MigrationReport } from './migrate';
export type { Thread, ThreadSummary, Turn, TurnInput, TurnSource } from './history';
export type { ResolvedResult, SearchMeta } from './search-index';
export type { PageCacheEntry, PageRecord, PageRecordInput } from './page-cache';
export type { FullTextHit, FullTextOptions, FullTextScope, PageHit, TurnHit } from './full-text';
export { threadToMarkdown } from './export-markdown';
export type {
  LibraryDocumentInput,
  LibraryDocumentRecord,
  LibraryHit,
  LibraryQuery,
  UnreadableFile,
} from './library-index';
