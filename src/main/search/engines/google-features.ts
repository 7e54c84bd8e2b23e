/**
 * Page features of a Google results page besides the organic list: featured snippet, "people
 * also ask" questions, related searches and top stories. Each reader returns undefined when
 * the feature is absent, so callers can leave the field out.
 */
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { FeaturedSnippet, TopStory } from '../../../shared/contract';
import { collapseWhitespace, isDateLike, isHttpUrl, resolveUrl, textOfNodes } from '../parse-utils';
import { FEATURED_AREAS, FEATURED_TEXT_SELECTORS, GOOGLE_BASE, resultUrlFromHref } from './google-organic';

type AnyNode = Parameters<CheerioAPI['contains']>[0];
type Node = Cheerio<AnyNode>;

const textOf = (node: Node): string => textOfNodes(node.toArray());
/** An element child (what cheerio's `.children()` returns), as opposed to text and comments. */
const isElement = (node: AnyNode): boolean => node.type === 'tag' || node.type === 'script' || node.type === 'style';

/** The featured snippet ("answer box") with its source page, when the page has one. */
export function parseFeaturedSnippet($: CheerioAPI): FeaturedSnippet | undefined {
  for (const selector of FEATURED_TEXT_SELECTORS) {
    const textNode = $(selector)
      .filter((_, el) => $(el).closest('#rhs, .related-question-pair, [data-initq]').length === 0)
      .first();
    if (textNode.length === 0) continue;
    const text = textOf(textNode);
    if (text.length === 0) continue;
    const snippet: FeaturedSnippet = { text };
    // Its source: the first titled http link in the same featured block.
    const area =
      textNode.closest(FEATURED_AREAS).length > 0 ? textNode.closest(FEATURED_AREAS).last() : textNode.parent();
    const sourceLink = area
      .find('a[href]')
      .filter((_, a) => $(a).find('h3, cite').length > 0 && resultUrlFromHref($(a).attr('href')) !== undefined)
      .first();
    const url = resultUrlFromHref(sourceLink.attr('href'));
    if (url !== undefined) {
      snippet.url = url;
      const title = textOf(sourceLink.find('h3').first());
      if (title.length > 0) snippet.title = title;
      snippet.source = new URL(url).hostname.replace(/^www\./, '');
    }
    return snippet;
  }
  return undefined;
}

/** "People also ask" questions, in page order. The answers load only when expanded, so only questions. */
export function parsePeopleAlsoAsk($: CheerioAPI): string[] | undefined {
  const questions: string[] = [];
  const add = (question: string): void => {
    const clean = collapseWhitespace(question);
    if (clean.length > 0 && !questions.includes(clean)) questions.push(clean);
  };
  $('.related-question-pair').each((_, el) => {
    const pair = $(el);
    // data-q is the most stable carrier; the visible question text is the fallback.
    const fromAttribute = pair.attr('data-q') ?? pair.find('[data-q]').first().attr('data-q');
    if (fromAttribute !== undefined) {
      add(fromAttribute);
      return;
    }
    const heading = pair.find('[role="heading"], [role="button"]').first();
    add(textOf(heading.length > 0 ? heading : pair));
  });
  if (questions.length === 0) {
    $('[data-initq] [data-q]').each((_, el) => add($(el).attr('data-q') ?? ''));
  }
  return questions.length > 0 ? questions : undefined;
}

/** Headings that name a related-searches block in layouts without #botstuff (no-JS page), several languages. */
const RELATED_HEADINGS =
  /^(?:related searches|searches related to|people also search for|ähnliche suchanfragen|verwandte suchanfragen|recherches associées|búsquedas relacionadas|ricerche correlate|pesquisas relacionadas|gerelateerde zoekopdrachten|相关搜索|相關搜尋|関連する検索|похожие запросы)/i;

/** The related-searches containers of the page, most specific first. */
function relatedContainers($: CheerioAPI): Node[] {
  const containers: Node[] = [];
  for (const selector of ['#botstuff', '#bres', '.oIk2Cb']) {
    const found = $(selector).first();
    if (found.length > 0) containers.push(found);
  }
  // No-JS layout: a block headed "Related searches"; climb to the ancestor that holds the links.
  $('div, span, h2, h3')
    // Leaves only (checked on the raw node: wrapping thousands of elements was most of the cost).
    .filter((_, el) => !el.children.some(isElement) && RELATED_HEADINGS.test(collapseWhitespace($(el).text())))
    .each((_, el) => {
      let block = $(el).parent();
      while (block.length > 0 && block.find('a[href*="/search?"]').length === 0) block = block.parent();
      if (block.length > 0) containers.push(block);
    });
  return containers;
}

/** Query of a related-search link, or undefined for navigation (paging, tabs, tools, entity cards). */
function relatedQueryOfHref(href: string | undefined): string | undefined {
  if (href === undefined) return undefined;
  const absolute = resolveUrl(href, GOOGLE_BASE);
  if (absolute === undefined) return undefined;
  const url = new URL(absolute);
  if (url.pathname !== '/search') return undefined;
  for (const navigation of ['start', 'tbm', 'tbs', 'stick', 'udm', 'si']) {
    if (url.searchParams.has(navigation)) return undefined;
  }
  const query = url.searchParams.get('q');
  return query !== null && query.trim().length > 0 ? query : undefined;
}

/** Related searches (the query texts), in page order. */
export function parseRelatedSearches($: CheerioAPI, currentQuery?: string): string[] | undefined {
  const related: string[] = [];
  const current = currentQuery?.trim().toLowerCase();
  for (const container of relatedContainers($)) {
    container.find('a[href]').each((_, el) => {
      const link = $(el);
      const query = relatedQueryOfHref(link.attr('href'));
      if (query === undefined) return;
      // Visible text is what Google shows; the q parameter when the link is an icon.
      const text = textOf(link) || collapseWhitespace(query);
      if (text.length === 0 || text.toLowerCase() === current) return;
      if (!related.some((r) => r.toLowerCase() === text.toLowerCase())) related.push(text);
    });
    if (related.length > 0) break;
  }
  return related.length > 0 ? related : undefined;
}

const STORY_SOURCE_SELECTORS = '.MgUUmf, .CEMjEf, .NUnG9d, .XTjFC, .xQ82C, cite';
const STORY_DATE_SELECTORS = '.OSrXXb, .ZE0LJd, .WG9SHc, .S1FAPd, .f';

/** The top-stories sections: headed carousels that link to the News tab, or headed "Top stories". */
function topStorySections($: CheerioAPI): Node[] {
  return $('g-section-with-header, [data-news-cluster-id], .yG4QQe')
    .filter((_, el) => {
      const section = $(el);
      if (section.find('a[href*="tbm=nws"]').length > 0) return true;
      const heading = collapseWhitespace(section.find('[role="heading"], h3, h2').first().text());
      return /^(?:top stories|news|schlagzeilen|à la une|noticias destacadas|notizie principali|principais notícias)/i.test(
        heading,
      );
    })
    .toArray()
    .map((el) => $(el));
}

/** Top stories: news cards with title, URL, source and (displayed) date. */
export function parseTopStories($: CheerioAPI): TopStory[] | undefined {
  const stories: TopStory[] = [];
  for (const section of topStorySections($)) {
    section.find('a[href]').each((_, el) => {
      const link = $(el);
      const url = resultUrlFromHref(link.attr('href'));
      if (url === undefined || !isHttpUrl(url) || stories.some((s) => s.url === url)) return;
      const heading = link.find('[role="heading"]').first();
      const title = textOf(heading.length > 0 ? heading : link);
      if (title.length === 0) return;
      // The card: the largest ancestor that holds only this link.
      let card = link;
      while (card.parent().length > 0 && card.parent().find('a[href]').length <= 1) card = card.parent();
      const story: TopStory = { title, url };
      const source = textOf(card.find(STORY_SOURCE_SELECTORS).first());
      if (source.length > 0 && source !== title) story.source = source;
      let date = textOf(card.find(STORY_DATE_SELECTORS).first());
      if (!isDateLike(date)) {
        date =
          card
            .find('span, div')
            .toArray()
            .map((node) => textOfNodes([node]))
            .find((text) => isDateLike(text)) ?? '';
      }
      if (date.length > 0) story.date = date;
      stories.push(story);
    });
  }
  return stories.length > 0 ? stories : undefined;
}
