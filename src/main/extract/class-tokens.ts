/**
 * The class and id names that say what an element is, one table for every step that reads them
 * (clean.ts drops boilerplate by them, content.ts finds the article's body by them). Each is
 * tested per token: an element's class and id split on white space.
 */
import { idAndClass, type Element } from './dom.js';

/**
 * Class/id tokens that name boilerplate blocks. Tested per token (split on spaces). A token that
 * ends in "signature" is a forum post's signature, in every forum template ("post-signature",
 * "message-signature", "ipsEntry__signature"); a feature named with the word inside its token
 * ("digital-signature-row") is not matched. So are the details printed beside each poster's
 * name, a title or rank ("userTitle", "message-userExtras", "ipsEntry__authorStats",
 * "author-badge"): the references of forum threads leave them out.
 */
export const BOILERPLATE_TOKEN =
  /cookie|consent|gdpr|newsletter|subscribe|share|sharing|social|sidebar|breadcrumb|related|recommend|advert|sponsor|popup|modal|skip-?link|pagination|pager|masthead|navbar|^nav$|^nav[-_]|[-_]nav$|navigation|menu|footer|site-?header|global-?header|toolbar|^tags?$|tag-?list|tags-|[-_]tags$|^(wp-caption-text|(image|photo|media|img|article|figure|video|gallery)[-_]?caption(s|[-_]text)?|caption[-_]text)$|gallery|author-?bio|author-?box|about-?author|sr-only|screen-?reader|visually-?hidden|^ads?$|^ads?[-_]|[-_]ads?$|^print|signup|sign-up|login|most-?popular|trending|read-?more|^outbrain|taboola|^tooltip|^toc$|table-?of-?contents|^skip-?(to|nav|main|content)|copyright|^(image|photo)-?credits?$|imagedescription|news-?letter|^(ez-)?toc([-_](container|list|title))?$|tag-?links|next-?(post|story|article)|postmetadata|shariff|signature$|(^|[-_])(user-?(title|extras?|stats|rank)|author-?(stats|badge))$/;

/**
 * A promotion beside the content (a banner, an offer), but also what shops and agencies call each
 * card of a grid of services or offers that is the page: dropped only outside repeated blocks.
 */
export const PROMO_TOKEN = /promo/;

/**
 * Bylines and post dates: boilerplate beside an article, but part of each post of a forum thread
 * or each card of a listing, so dropped only outside repeated blocks.
 */
/**
 * A sidebar's widget, but also what page builders call each card of a grid of offers or courses
 * and each content block of a page: boilerplate only outside repeated blocks, and only when the
 * page does not print the same widget class several times (`sameClassCount`).
 */
export const WIDGET_TOKEN = /^widgets?([-_]|$)/;

export const POST_META_TOKEN =
  /byline|(post|entry|article)[-_]?meta|^meta$|[-_]meta$|^(meta-?data|dateline)$|(^|[-_])date$/;

/**
 * Captions and credits of pictures (the pictures themselves are dropped). A card in a listing
 * also calls its text a caption, so only captions without links, outside repeated blocks, go.
 */
export const CAPTION_TOKEN =
  /^caption$|(image|img|photo|media|figure|picture|pic)[-_]*caption|__caption|^(photo-?|image-?)?credits?$/;

/** "comment" also covers French "commentaire"; German templates name them "kommentar(e)". */
export const COMMENT_TOKEN = /comment|kommentar|disqus|respond|replies|^reply/;

/** True when the element's class or id names it as a comment or comment section. */
export function isCommentNamed(el: Element): boolean {
  const names = idAndClass(el);
  return names !== '' && names.split(/\s+/).some((t) => COMMENT_TOKEN.test(t));
}

/**
 * Tokens that mark an element as content even when a boilerplate token also matches; among them a
 * layout's name for the content with its sidebar ("content-sidebar-wrap"), which holds the page,
 * and the text a "read more" button unfolds ("read-more-content", "readMoreAnswer_answerText").
 */
export const CONTENT_TOKEN =
  /^(article|content|main|post|entry|body|story|text)([-_]?(body|content|text))?$|^content[-_]sidebar|read-?more[-_]*(content|text|answer|body)/;

/** Class/id tokens that name an article's body (WordPress, news CMSs, blogs). */
export const ARTICLE_BODY_TOKEN =
  /^(article|story|post|entry|blog|news)[-_]{0,2}(body|content|text|copy)([-_][a-z0-9]+)?$|^(articlebody|storybody|storytext|bodytext|body-text|text-body)$/;

/** A theme's prefixed body class ("td-post-content"). */
export const ARTICLE_BODY_SUFFIX = /[-_](article|story|post|entry|blog|news)[-_]{0,2}(body|content|text)$/;
