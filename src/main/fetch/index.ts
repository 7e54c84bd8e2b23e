export { createFetchService, type FetchCallOptions, type FetchService, type FetchServiceDeps } from './service';
export * from '../../shared/fetch-contract';
export * from './types';
export { extractUrls, parseTargetUrl, rewriteGitHubBlob } from './url-input';
export { buildAddressPolicy, classifyAddress, resolveAndCheck, type AddressPolicy } from './url-policy';
