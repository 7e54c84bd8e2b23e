/**
 * A research topic on 127.0.0.1 for the deep-research tests and benchmark: "How do heat pumps
 * compare with gas boilers in cold climates?", 29 hand-written articles: an overview and five
 * facets (efficiency, running cost, installation cost, emissions, lifespan), the question and each
 * facet answered by the fixture Google (fixture-web.ts, its `results` option) with a results
 * page of its own. Two articles plant conflicting figures for the same quantity (the COP of an
 * air-source heat pump at -15 °C: 2.1 and 3.4); one article is syndicated under a second URL
 * (the same text: a near-duplicate), one result is linked again with a tracking parameter, and
 * one result of the installation facet is about something else (video-call apps for remote teams).
 * Outside the plan, HANGING_QUERY finds one more article and a page that never answers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const TOPIC_QUESTION = 'How do heat pumps compare with gas boilers in cold climates?';

/** The facets' queries, as the question's results page suggests them (people also ask, then related searches). */
export const TOPIC_FACETS = {
  efficiency: 'How efficient are heat pumps in cold weather?',
  running: 'What does it cost to run a heat pump compared with a gas boiler?',
  install: 'How much does it cost to install a heat pump?',
  emissions: 'heat pump vs gas boiler emissions',
  lifespan: 'heat pump lifespan vs gas boiler lifespan',
} as const;

/**
 * A query outside the plan whose results are one article and one page that never answers: a
 * gathering that waits for it ends at its time budget.
 */
export const HANGING_QUERY = 'heat pump noise';
const HANGING_PAGE = '/noise/never-answers';

/** The planted conflict: the same quantity, two values, on these two pages. */
export const PLANTED_CONFLICT = {
  pages: ['/efficiency/nordic-field-trial', '/efficiency/installer-guide'],
  values: ['2.1', '3.4'],
} as const;

interface Article {
  title: string;
  paragraphs: string[];
}

const overview: Record<string, Article> = {
  '/overview/cold-climate-comparison': {
    title: 'Heat pumps and gas boilers in cold climates: a comparison',
    paragraphs: [
      'Heat pumps compare well with gas boilers in cold climates when the house is insulated and the heat pump is sized for the coldest week of the year.',
      'A gas boiler turns about 90 percent of the energy in the gas into heat, while a heat pump moves two to four units of heat for every unit of electricity it uses.',
      'In regions with long winters, households that switched from a gas boiler to a heat pump reported warm homes and lower bills after the first full heating season.',
    ],
  },
  '/overview/buyers-primer': {
    title: 'A buyer’s primer on heating a cold-climate home',
    paragraphs: [
      'Choosing between a heat pump and a gas boiler in a cold climate comes down to upfront cost, running cost, comfort and carbon.',
      'Cold-climate heat pumps now keep heating homes at outdoor temperatures as low as -25 °C, which was rare a decade ago.',
      'Gas boilers heat quickly and cost less to install, but they burn fossil fuel for their whole working life.',
    ],
  },
  '/overview/energy-agency-brief': {
    title: 'Energy agency brief: electrifying heat in northern countries',
    paragraphs: [
      'Norway, Sweden and Finland have the highest share of homes heated by heat pumps in Europe, despite their cold climates.',
      'In Norway about 60 percent of households use a heat pump, mostly air-to-air units, according to the brief.',
      'The agency expects heat pump sales in cold countries to keep growing as gas boilers are phased out of new buildings.',
    ],
  },
  '/overview/myths': {
    title: 'Five myths about heat pumps in the cold',
    paragraphs: [
      'The most common myth is that heat pumps stop working below freezing, yet modern units keep delivering heat far below 0 °C.',
      'Another myth says a heat pump cannot heat radiators, but many homes keep their radiators and only enlarge a few of them.',
      'Heat pumps do run longer cycles than gas boilers, so a house feels evenly warm rather than hot and then cool.',
    ],
  },
};

const efficiency: Record<string, Article> = {
  '/efficiency/nordic-field-trial': {
    title: 'Nordic field trial of air-source heat pumps',
    paragraphs: [
      'The trial measured forty air-source heat pumps in Finnish homes through two winters.',
      'At -15 °C, the coefficient of performance of an air-source heat pump was 2.1 in the trial.',
      'Defrost cycles lowered efficiency most on humid days just below freezing rather than on the coldest days.',
    ],
  },
  '/efficiency/installer-guide': {
    title: 'Installer guide to cold-climate heat pump efficiency',
    paragraphs: [
      'Installers size a cold-climate heat pump for the design temperature of the region, not for an average winter day.',
      'At -15 °C, the coefficient of performance of an air-source heat pump was 3.4 in manufacturer tests.',
      'Efficiency in cold weather improves when the flow temperature to the radiators is kept below 45 °C.',
    ],
  },
  '/efficiency/seasonal-performance': {
    title: 'Seasonal performance of heat pumps in cold weather',
    paragraphs: [
      'Heat pumps in cold weather are still efficient over a whole season, with a seasonal performance factor of about 2.8 in cold regions.',
      'A seasonal performance factor of 2.8 means the heat pump delivered 2.8 kWh of heat for every kWh of electricity over the year.',
      'Ground-source heat pumps keep their efficiency better in cold weather because the ground stays near 8 °C all winter.',
    ],
  },
  '/efficiency/gas-boiler-efficiency': {
    title: 'How efficient is a condensing gas boiler?',
    paragraphs: [
      'A modern condensing gas boiler is about 90 percent efficient when its return water is cool enough to condense.',
      'In cold weather a gas boiler often runs hotter, and its efficiency falls to about 85 percent.',
      'No gas boiler can exceed 100 percent efficiency, while heat pumps routinely deliver more heat than the electricity they use.',
    ],
  },
  '/efficiency/lab-tests': {
    title: 'Laboratory tests of heat pumps at low temperatures',
    paragraphs: [
      'The laboratory tested twelve heat pump models in a climate chamber from 7 °C down to -25 °C.',
      'Efficient heat pumps in cold weather kept a coefficient of performance above 1.5 even at -25 °C in the chamber.',
      'Models with variable-speed compressors lost the least efficiency as the chamber got colder.',
    ],
  },
};

const running: Record<string, Article> = {
  '/running/annual-bills': {
    title: 'Annual heating bills: heat pump or gas boiler',
    paragraphs: [
      'Running a heat pump cost a typical cold-climate household $1,450 a year, compared with $1,900 for a gas boiler.',
      'The gap depends mostly on the price of electricity compared with the price of gas in each region.',
      'Households on a time-of-use electricity tariff cut the running cost of their heat pump further by heating the house before the evening peak.',
    ],
  },
  '/running/price-ratio': {
    title: 'The price ratio that decides running costs',
    paragraphs: [
      'A heat pump costs less to run than a gas boiler when electricity costs less than about three times as much as gas per kWh.',
      'Where electricity costs four times as much as gas, running a heat pump can cost more than running a gas boiler.',
      'The running cost of both systems falls when the house is better insulated.',
    ],
  },
  '/running/household-survey': {
    title: 'Household survey on heat pump running costs',
    paragraphs: [
      'In the survey of 800 households, 62 percent said their heat pump costs less to run than their old gas boiler.',
      'Homes that kept the old radiators paid about $120 a year more to run their heat pump than homes with underfloor heating.',
      'Most households reported that the first winter cost more than expected because the heat pump settings were wrong.',
    ],
  },
  '/running/tariffs': {
    title: 'Heat pump tariffs and standing charges',
    paragraphs: [
      'Disconnecting from the gas network removes the gas standing charge, worth about $150 a year in many regions.',
      'Special heat pump tariffs price the electricity used at night at less than half the daytime rate.',
      'With such a tariff, running a heat pump compared with a gas boiler saved a typical home about $300 a year.',
    ],
  },
  '/running/cold-snap': {
    title: 'What a cold snap costs heat pump owners',
    paragraphs: [
      'During a week at -20 °C, the cost to run a heat pump rose by about 40 percent compared with a mild winter week.',
      'Backup resistance heaters cost the most to run, so installers try to size heat pumps to avoid them.',
      'Gas boiler owners also paid more during the cold snap, as gas use rose with the heating demand.',
    ],
  },
};

const install: Record<string, Article> = {
  '/install/price-guide': {
    title: 'Heat pump installation price guide',
    paragraphs: [
      'It costs between $12,000 and $18,000 to install an air-source heat pump in a detached house.',
      'Installing a ground-source heat pump costs more, often $25,000 to $35,000, because of the drilling.',
      'A replacement gas boiler costs about $4,000 to install, which is why the upfront cost favours gas.',
    ],
  },
  '/install/grants': {
    title: 'Grants that lower the cost to install a heat pump',
    paragraphs: [
      'Government grants of up to $7,500 reduce the cost to install a heat pump for many households.',
      'Some cities add a rebate of $1,000 when a heat pump replaces a gas boiler.',
      'With grants, the cost to install a heat pump can fall close to the cost of a new gas boiler.',
    ],
  },
  '/install/hidden-costs': {
    title: 'The hidden costs of installing a heat pump',
    paragraphs: [
      'Larger radiators add about $2,000 to the cost to install a heat pump in an older home.',
      'An electrical panel upgrade can add another $1,500 to $3,000 to the installation.',
      'A hot water cylinder is needed if the home had a combination gas boiler, at a cost of about $1,800.',
    ],
  },
  '/install/installer-quotes': {
    title: 'What installers quoted for heat pumps this year',
    paragraphs: [
      'Across 300 installer quotes, the median cost to install a heat pump was $14,200.',
      'Quotes in rural areas were about 10 percent higher because of travel and smaller installer networks.',
      'The quotes took three weeks on average to arrive after the site survey.',
    ],
  },
  '/install/payback': {
    title: 'Payback time of a heat pump installation',
    paragraphs: [
      'The extra cost to install a heat pump instead of a gas boiler is repaid in 8 to 12 years through lower running costs.',
      'Payback is faster where grants cover part of the installation cost.',
      'Where gas is cheap, a heat pump may never repay its higher installation cost.',
    ],
  },
};

const emissions: Record<string, Article> = {
  '/emissions/lifecycle-study': {
    title: 'Lifecycle emissions of home heating systems',
    paragraphs: [
      'A heat pump emits about 1.2 tonnes of CO2 a year on an average European grid, against 3.5 tonnes for a gas boiler.',
      'Heat pump emissions fall each year as more electricity comes from wind and solar power.',
      'The refrigerant in a heat pump adds to its emissions only if it leaks during its life or at disposal.',
    ],
  },
  '/emissions/grid-carbon': {
    title: 'How grid carbon intensity shapes heat pump emissions',
    paragraphs: [
      'On a grid emitting 400 g of CO2 per kWh, a heat pump with a seasonal performance factor of 3 still emits less than a gas boiler.',
      'On a coal-heavy grid the emissions of a heat pump and a gas boiler can be close.',
      'Gas boiler emissions stay the same for their whole life, while heat pump emissions follow the grid.',
    ],
  },
  '/emissions/methane-leaks': {
    title: 'Methane leaks and the true emissions of gas heating',
    paragraphs: [
      'Methane that leaks from wells and pipelines raises the emissions of a gas boiler by 10 to 20 percent.',
      'Counting these leaks widens the emissions gap between a heat pump and a gas boiler.',
      'Methane traps far more heat than CO2 over the first twenty years after it is released.',
    ],
  },
  '/emissions/refrigerants': {
    title: 'Refrigerants and heat pump emissions',
    paragraphs: [
      'Newer heat pumps use propane or CO2 as refrigerant, whose global warming potential is very low.',
      'Older refrigerants such as R410A have a global warming potential about 2,000 times that of CO2.',
      'Careful installation and recovery at end of life keep refrigerant emissions small.',
    ],
  },
  '/emissions/city-inventory': {
    title: 'A city inventory of heating emissions',
    paragraphs: [
      'Heating with gas boilers produced 38 percent of the city’s emissions in the inventory year.',
      'Replacing half of the city’s gas boilers with heat pumps would cut heating emissions by about a third.',
      'The inventory counted emissions from electricity at the grid average for each month.',
    ],
  },
};

const lifespan: Record<string, Article> = {
  '/lifespan/durability-report': {
    title: 'Durability report: how long heating systems last',
    paragraphs: [
      'A heat pump has a lifespan of 15 to 20 years, while a gas boiler lasts 10 to 15 years.',
      'Ground-source heat pumps last longer, as their ground loops are expected to work for 50 years.',
      'Regular servicing extends the lifespan of both systems by several years.',
    ],
  },
  '/lifespan/compressor-wear': {
    title: 'Compressor wear and heat pump lifespan',
    paragraphs: [
      'The compressor decides the lifespan of a heat pump, and variable-speed compressors wear more slowly.',
      'Short cycling, when a heat pump turns on and off too often, shortens its lifespan.',
      'Replacing a failed compressor costs about $2,500, less than a new heat pump.',
    ],
  },
  '/lifespan/boiler-replacement': {
    title: 'When to replace a gas boiler',
    paragraphs: [
      'Most gas boilers are replaced after about 12 years, when repairs start to cost more than they save.',
      'Heat exchangers in gas boilers crack with age, which ends the lifespan of many boilers.',
      'Replacing an old gas boiler is the moment many households consider a heat pump instead.',
    ],
  },
  '/lifespan/warranty-survey': {
    title: 'Warranties on heat pumps and gas boilers',
    paragraphs: [
      'Heat pump makers now offer warranties of 7 to 10 years, longer than the usual gas boiler warranty of 5 years.',
      'Longer warranties reflect the makers’ confidence in the lifespan of their heat pumps.',
      'A warranty usually requires a service by a registered installer every year.',
    ],
  },
  '/lifespan/cold-climate-wear': {
    title: 'Does cold weather shorten heat pump lifespan?',
    paragraphs: [
      'Heat pumps in cold climates run more hours each year, yet field data show a similar lifespan of about 17 years.',
      'Outdoor units in snowy regions last longer when they stand on a raised base clear of snow and ice.',
      'Gas boilers in cold climates also run more hours, and their lifespan is about 13 years there.',
    ],
  },
};

const noise: Record<string, Article> = {
  '/noise/quiet-units': {
    title: 'How loud is a heat pump?',
    paragraphs: [
      'A modern outdoor heat pump unit makes about 40 to 60 dB of noise at one metre, similar to a quiet conversation.',
      'Placing the unit away from bedroom windows and on anti-vibration feet keeps the noise down.',
      'Gas boilers are quieter outside, but their flue and pump can be heard indoors.',
    ],
  },
};

/** A page the installation facet's results hold though it speaks of something else. */
export const TOPIC_OFF_TOPIC_PAGE = '/remote-work/video-call-apps';
const offTopic: Record<string, Article> = {
  [TOPIC_OFF_TOPIC_PAGE]: {
    title: 'Ten video call apps for remote teams',
    paragraphs: [
      'Remote teams that meet every day need a video call app with screen sharing and breakout rooms.',
      'Free plans usually limit meetings to forty minutes and one hundred participants.',
      'Teams working across time zones should pick an app that records meetings and transcribes them.',
    ],
  },
};

/** Every article by path; the syndicated copy serves the same text under another URL. */
export const TOPIC_ARTICLES: Record<string, Article> = {
  ...overview,
  ...efficiency,
  ...running,
  ...install,
  ...emissions,
  ...lifespan,
  ...noise,
};
const SYNDICATED = { path: '/syndicated/annual-bills', of: '/running/annual-bills' } as const;

interface ResultLink {
  path: string;
  snippet: string;
}

const links = (articles: Record<string, Article>): ResultLink[] =>
  Object.entries(articles).map(([path, article]) => ({ path, snippet: article.paragraphs[0]!.slice(0, 120) }));

/** Each query's results (lower-cased query → links), with the question's own suggestions. */
function resultsByQuery(): Map<string, { links: ResultLink[]; peopleAlsoAsk: string[]; related: string[] }> {
  const none = { peopleAlsoAsk: [], related: [] };
  return new Map([
    [
      TOPIC_QUESTION.toLowerCase(),
      {
        links: links(overview),
        peopleAlsoAsk: [TOPIC_FACETS.efficiency, TOPIC_FACETS.running, TOPIC_FACETS.install],
        related: [TOPIC_FACETS.emissions, TOPIC_FACETS.lifespan],
      },
    ],
    [TOPIC_FACETS.efficiency.toLowerCase(), { links: links(efficiency), ...none }],
    [TOPIC_FACETS.running.toLowerCase(), { links: links(running), ...none }],
    // A page on another topic among the results: read, then dropped before it counts.
    [TOPIC_FACETS.install.toLowerCase(), { links: [...links(install), ...links(offTopic)], ...none }],
    // A copy of a page already found, under another URL: read, then dropped as the same text.
    [
      TOPIC_FACETS.emissions.toLowerCase(),
      { links: [...links(emissions), { path: SYNDICATED.path, snippet: 'Annual heating bills.' }], ...none },
    ],
    // A page already found, linked again with a tracking parameter: never read twice.
    [
      TOPIC_FACETS.lifespan.toLowerCase(),
      {
        links: [...links(lifespan), { path: '/overview/myths?utm_source=newsletter', snippet: 'Five myths.' }],
        ...none,
      },
    ],
    [HANGING_QUERY, { links: [...links(noise), { path: HANGING_PAGE, snippet: 'A noise study.' }], ...none }],
  ]);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function articleHtml(article: Article): string {
  return `<!doctype html><html lang="en"><head><title>${escapeHtml(article.title)}</title></head><body>
<nav><a href="/">Home</a> · <a href="/about">About</a></nav>
<article><h1>${escapeHtml(article.title)}</h1>
${article.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</article><footer>© Heating research fixture</footer></body></html>`;
}

export interface ResearchTopic {
  /** The articles' server. */
  origin: string;
  /** The article paths the server was asked for, in order. */
  requests: string[];
  /** A Google-like results page for one of the topic's queries (lower-cased), or undefined. */
  resultsPage(query: string): string | undefined;
  /** An article's text as a person reads it (title and paragraphs), by its URL; undefined for another URL. */
  textOf(url: string): string | undefined;
  close(): Promise<void>;
}

export async function startResearchTopic(): Promise<ResearchTopic> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const articleAt = (path: string): Article | undefined =>
    offTopic[path] ?? TOPIC_ARTICLES[path === SYNDICATED.path ? SYNDICATED.of : path];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    if (path === HANGING_PAGE) return; // never answered; cut when the server closes
    const article = articleAt(path);
    res.writeHead(article ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(article ? articleHtml(article) : 'not found');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const results = resultsByQuery();
  return {
    origin,
    requests,
    resultsPage(query) {
      const page = results.get(query);
      if (!page) return undefined;
      const items = page.links.map((link) => {
        const title = articleAt(new URL(link.path, origin).pathname)?.title ?? link.path;
        return `<div class="MjjYud"><div class="g"><div class="yuRUbf"><a href="${escapeHtml(origin + link.path)}"><h3>${escapeHtml(title)}</h3></a></div><div class="VwiC3b">${escapeHtml(link.snippet)}</div></div></div>`;
      });
      const asked = page.peopleAlsoAsk.map(
        (q) =>
          `<div class="MjjYud"><div class="related-question-pair" data-q="${escapeHtml(q)}"><div role="button">${escapeHtml(q)}</div></div></div>`,
      );
      const related = page.related
        .map((q) => `<a href="/search?q=${encodeURIComponent(q)}">${escapeHtml(q)}</a>`)
        .join('\n');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(query)} - Google Search</title></head><body>
<div id="search"><div id="rso">
${[...items.slice(0, 1), ...asked, ...items.slice(1)].join('\n')}
</div></div>
<div id="botstuff"><div><span>Related searches</span>
${related}
</div></div>
<div id="footcnt"><a href="/preferences">Settings</a></div>
</body></html>`;
    },
    textOf(url) {
      if (!url.startsWith(origin)) return undefined;
      const article = articleAt(new URL(url).pathname);
      return article && [article.title, ...article.paragraphs].join(' ');
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
