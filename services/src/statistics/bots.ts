/**
 * User agents whose requests never count as views or openings: search and AI crawlers, link
 * previewers of messengers and social networks, monitoring and speed tests, headless and driven
 * browsers, and HTTP libraries and command-line tools. A request with no user agent is one of them.
 * Real browsers (including Яндекс Браузер 'YaBrowser', the Яндекс app 'YandexSearch' and
 * DuckDuckGo's browser) match none. The list is this file; a bot that lies
 * about its user agent is held by the server-issued visitor id and the counting limits instead.
 */
export const BOT_USER_AGENTS: readonly RegExp[] = [
  // crawlers of every kind name themselves so: Googlebot, YandexBot, bingbot, Applebot, DuckDuckBot, AhrefsBot, SemrushBot, GPTBot, ClaudeBot, CCBot, PetalBot, Bytespider, Baiduspider, Yahoo! Slurp…
  // (but not the Cubot phones' "CUBOT NOTE 20")
  /(?<!cu)bot\b|crawl|spider|slurp/i,
  // Яндекс robots without 'Bot' in their names (YandexImages, YandexMetrika, YandexFavicons…), but not the Яндекс app
  /\bYandex(?!Search\b)\w*\/\d/i,
  // Google's fetchers without 'bot': AdSense, Ads, the inspection tool, feed and read-aloud fetchers
  /Mediapartners-Google|AdsBot|APIs-Google|Google-InspectionTool|GoogleOther|FeedFetcher|Google-Read-Aloud|Google-Extended|Storebot/i,
  // link previews and archives
  /facebookexternalhit|facebookcatalog|meta-externalagent|WhatsApp\/|TelegramBot|vkShare|SkypeUriPreview|Embedly|Iframely|ia_archiver|archive\.org/i,
  // AI and SEO agents without 'bot'
  /anthropic-ai|Claude-Web|PerplexityBot|Perplexity-User|OAI-SearchBot|ChatGPT-User|Amazonbot|Diffbot|Screaming Frog|Sogou|Exabot|MegaIndex/i,
  // speed tests and monitoring
  /Lighthouse|PageSpeed|GTmetrix|Pingdom|UptimeRobot|StatusCake|Site24x7|W3C_Validator|W3C-checklink/i,
  // headless and automated browsers
  /HeadlessChrome|PhantomJS|Puppeteer|Playwright|Selenium|WebDriver|Cypress|SlimerJS|HtmlUnit|jsdom/i,
  // HTTP libraries and command-line tools
  /^(curl|Wget|HTTPie|python|aiohttp|Go-http-client|Java|okhttp|Apache-HttpClient|node-fetch|undici|node|axios|got|superagent|libwww-perl|LWP|Scrapy|PostmanRuntime|insomnia|Guzzle|GuzzleHttp|Ruby|PHP|Dart|Deno|Bun|RestSharp|k6|Apache-Bench|ApacheBench|wrk|hey|Faraday|reqwest|http\.rb)\b/i,
  /python-requests|python-urllib|httpx|libcurl|WinHttp|Microsoft-CryptoAPI|Nmap|masscan|zgrab|sqlmap|nikto|Nuclei/i,
];

/** A crawler, a tool or no user agent at all: what it asks is never counted. */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  const agent = userAgent?.trim();
  if (!agent) return true;
  return BOT_USER_AGENTS.some((pattern) => pattern.test(agent));
}
