import type { Theme } from '@carta/contract/entities';
import { contrastRatio } from '@carta/contract/themes';
import { chrome } from './chrome.ts';
import { LATIN_RANGE } from './fonts.ts';
import { hasGuestLinks } from './guest-links.ts';
import { type Html, html, type PreparedPage, prepare, raw, renderHtml } from './html.ts';
import { type LanguageChoice, type MenuPageProps, menuName, menuPage } from './menu-page.ts';
import { type GuestLanguage, guestMessages } from './messages.ts';
import { type NoticeKind, type NoticePageProps, noticePage } from './notice-page.ts';
import { menuPageSeo, NO_INDEX, tablePageSeo } from './page-seo.ts';
import { type TablePageProps, tablePage } from './table-page.ts';
import { hasTimePrices, TIME_PRICE_STYLES } from './time-price.ts';
import { hasVariants, VARIANT_STYLES } from './variants.ts';
import { type WifiPageProps, wifiPage } from './wifi-page.ts';

// Inlined: one round trip on a weak signal is all the page costs before it can be read. The theme's
// colours arrive as CSS variables on <html>. The filter's boxes are drawn in the theme's colours, not the
// browser's blue; rules with :has() stand alone, as a browser without it drops a whole rule naming it.
const STYLES = `
*{box-sizing:border-box}html{-webkit-text-size-adjust:100%;scroll-padding-top:3.5rem}
body{margin:0;font:16px/1.5 var(--font,system-ui),system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text,#2b2220);background:var(--bg,#faf7f5) var(--bg-image,none) center/cover fixed}
a{color:inherit}img{max-width:100%}
.notice{max-width:32rem;margin:0 auto;padding:18vh 1.5rem 2rem;text-align:center}
.notice h1{font-size:1.5rem;margin:0 0 .75rem}.notice p{margin:0 0 1rem;opacity:.85}
.club{font-weight:600;letter-spacing:.02em;color:var(--main,#7a2e3a);text-transform:uppercase;font-size:.8rem;margin:0}
.notice footer{margin-top:3rem;font-size:.8rem;opacity:.6}
.top{display:flex;gap:.75rem;align-items:center;padding:1rem 1rem .5rem;max-width:46rem;margin:0 auto}
.top .titles{flex:1;min-width:0}.top h1{font-size:1.5rem;line-height:1.2;margin:.1rem 0}.table{margin:0;font-size:.85rem;opacity:.75}
.logo{border-radius:8px;object-fit:cover}
.langs{display:flex;gap:.25rem;flex-wrap:wrap;justify-content:flex-end}.langs a{font-size:.8rem;padding:.3rem .5rem;border-radius:6px;text-decoration:none;border:1px solid var(--divider,#e4dad3)}
.langs a[aria-current]{background:var(--main,#7a1f3d);color:var(--btn,#fff);border-color:transparent}
.back{max-width:46rem;margin:0 auto;padding:0 1rem}.back a{font-size:.9rem}
.tabs{position:sticky;top:0;z-index:2;display:flex;gap:.25rem;overflow-x:auto;padding:.5rem 1rem;background:var(--tab-bg,#7a1f3d);scrollbar-width:none}
.tabs a{color:var(--tab-text,#fff);text-decoration:none;white-space:nowrap;padding:.35rem .7rem;border-radius:999px;font-weight:600;font-size:.9rem}
.tabs a.on{background:rgba(255,255,255,.18)}
.tools{max-width:46rem;margin:.75rem auto 0;padding:0 1rem}.search{width:100%;font:inherit;padding:.6rem .8rem;border-radius:8px;border:1px solid var(--divider,#e4dad3);background:#fff;color:#222}
.search::-webkit-search-cancel-button{--x:url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Cpath d='M4 4l8 8M12 4l-8 8' stroke='%23000' stroke-width='2' stroke-linecap='round'/%3E%3C/svg%3E") center/contain no-repeat;-webkit-appearance:none;appearance:none;width:1.1rem;height:1.1rem;cursor:pointer;background:var(--main,#7a1f3d);-webkit-mask:var(--x);mask:var(--x)}
.filter{margin-top:.5rem}.filter summary{cursor:pointer;font-weight:600;list-style:none;display:inline-flex;align-items:center;gap:.5rem;padding:.3rem .8rem;border:1px solid var(--divider,#e4dad3);border-radius:999px}
.filter summary::-webkit-details-marker{display:none}.filter summary:after{content:"";width:.4rem;height:.4rem;border:solid;border-width:0 2px 2px 0;transform:translateY(-20%) rotate(45deg)}.filter[open] summary:after{transform:translateY(20%) rotate(225deg)}
.chips{display:flex;flex-wrap:wrap;gap:.4rem;margin-top:.5rem}
.chips label,.mode label{display:inline-flex;align-items:center;gap:.4rem;cursor:pointer;border:1px solid var(--divider,#e4dad3);border-radius:999px;padding:.25rem .6rem;font-size:.85rem}
.chips input,.mode input{appearance:none;-webkit-appearance:none;margin:0;width:1rem;height:1rem;flex-shrink:0;border:2px solid;border-radius:4px;display:grid;place-content:center;color:inherit}.mode input{border-radius:50%}
.chips input:checked:before{content:"";width:.25rem;height:.5rem;border:solid;border-width:0 2px 2px 0;transform:translateY(-10%) rotate(45deg)}.mode input:checked:before{content:"";width:.4rem;height:.4rem;border-radius:50%;background:currentColor}
.filter summary:focus-visible,.clear:focus-visible{outline:3px solid #2563eb;outline-offset:2px}.tools label:has(:focus-visible){outline:3px solid #2563eb;outline-offset:2px}
.filter summary.on{background:var(--main,#7a1f3d);color:var(--btn,#fff);border-color:transparent}.chips label:has(:checked),.mode label:has(:checked){background:var(--main,#7a1f3d);color:var(--btn,#fff);border-color:transparent}
.mode{border:0;margin:.6rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.4rem}.mode legend{padding:0 0 .4rem;font-size:.85rem}
.filtered{margin:.5rem 0 0;font-size:.85rem;opacity:.8}.empty{text-align:center;padding:1.5rem 0}.empty p{margin:0 0 .75rem}
.clear{font:inherit;font-weight:600;padding:.55rem 1.2rem;border:0;border-radius:999px;background:var(--main,#7a1f3d);color:var(--btn,#fff);cursor:pointer}
main{max-width:46rem;margin:0 auto;padding:0 1rem 1rem}
.section h2{font-size:1.2rem;margin:1.5rem 0 .25rem;color:var(--main,#7a1f3d)}
.section ul,.menus{list-style:none;margin:0;padding:0}
.item{padding:.75rem 0;border-bottom:1px solid var(--divider,#e4dad3)}.item h3{font-size:1rem;margin:0}
.row{display:flex;justify-content:space-between;gap:1rem;align-items:baseline}.price{font-weight:600;white-space:nowrap}
.desc,.ingr,.notes{margin:.15rem 0 0;font-size:.92rem;opacity:.85}.ingr{font-style:italic}.notes{font-size:.85rem}
.tags{margin:.35rem 0 0;display:flex;flex-wrap:wrap;gap:.35rem;align-items:center;font-size:.8rem}
.label{color:#fff;border-radius:4px;padding:.05rem .4rem;font-weight:700}.label.best{background:var(--best,#9a3412);color:var(--best-text,#fff)}.label.sugg{background:var(--sugg,#166534);color:var(--sugg-text,#fff)}.label.out{background:#555}
.allergens{opacity:.8;padding:0 .3rem;border-radius:4px}.allergens:first-child{margin-left:-.3rem}.item.out h3,.item.out .desc,.item.out .price{opacity:.7}
.item{position:relative}.item.hide{display:none}
.item.warn{background:rgba(245,158,11,.12);box-shadow:-.6rem 0 rgba(245,158,11,.12),.6rem 0 rgba(245,158,11,.12)}.item.warn:before{content:"";position:absolute;left:-.6rem;top:0;bottom:0;width:.25rem;background:#d97706}
.item.warn .allergens{opacity:1;color:#78350f;background:#fef3c7;box-shadow:inset 0 0 0 1px #d97706}
.banner{max-width:46rem;margin:.75rem auto;padding:1rem;display:flex;gap:1rem;border-radius:12px;background:var(--main,#7a1f3d);color:var(--btn,#fff)}
.banner h2{margin:0;font-size:1.1rem}.banner p{margin:.2rem 0}.banner img{border-radius:8px;flex-shrink:0}.banner .for-you{display:inline-block;background:var(--btn,#fff);color:var(--main,#7a1f3d);font-size:.8rem}
.menu-footer{max-width:46rem;margin:1rem auto;padding:0 1rem;font-size:.9rem;opacity:.85;white-space:pre-line}
.contacts{max-width:46rem;margin:1.5rem auto 2rem;padding:1rem;display:flex;flex-wrap:wrap;gap:.5rem 1rem;font-size:.9rem;border-top:1px solid var(--divider,#e4dad3)}
.list h2{font-size:1.1rem;margin:1rem 0 .5rem}.menus li a{display:block;padding:1rem;margin:.5rem 0;border-radius:12px;background:var(--main,#7a1f3d);color:var(--btn,#fff);text-decoration:none;font-weight:600;font-size:1.1rem}
.notice-inline{padding:2rem 0;text-align:center}.withheld{margin:1rem 0 0;font-size:.9rem;opacity:.75}
.waiter{position:fixed;right:max(1rem,env(safe-area-inset-right));bottom:max(1rem,env(safe-area-inset-bottom));z-index:3;max-width:calc(100vw - 2rem)}
.waiter summary{list-style:none;cursor:pointer;display:inline-flex;gap:.4rem;align-items:center;float:right;padding:.75rem 1.1rem;border-radius:999px;background:var(--main,#7a1f3d);color:var(--btn,#fff);font-weight:700;box-shadow:0 4px 14px rgba(0,0,0,.25)}
.waiter summary::-webkit-details-marker{display:none}.waiter summary:focus-visible,.waiter button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.waiter[data-state=open] summary,.waiter[data-state=acknowledged] summary{background:#166534;color:#fff}
.waiter-panel{position:absolute;right:0;bottom:calc(100% + .5rem);width:min(20rem,calc(100vw - 2rem));padding:1rem;border-radius:12px;background:#fff;color:#1f1f1f;box-shadow:0 8px 24px rgba(0,0,0,.25)}
.waiter-panel p{margin:0 0 .75rem}.waiter-panel button{font:inherit;font-weight:700;width:100%;padding:.7rem;border:0;border-radius:8px;background:var(--main,#7a1f3d);color:var(--btn,#fff);cursor:pointer}
.waiter-table{font-weight:700;font-size:.85rem;text-transform:uppercase;letter-spacing:.03em;margin-bottom:.25rem!important;opacity:.7}.waiter-status:empty{display:none}.waiter-status{margin:0!important}
.offline{margin:0;padding:.5rem 1rem;text-align:center;font-size:.85rem;background:#fff3cd;color:#5c4400}
`;

/**
 * Search and the allergen filter need the script: they are in the first paint (nothing moves when the
 * script arrives) and left out only where scripts do not run.
 */
const NO_SCRIPT = '<noscript><style>.tools{display:none}</style></noscript>';

/**
 * Room under the page for the call-waiter button, so it never covers the last row: the button's height
 * (3rem: .75rem padding above and below a 1.5rem line), its distance from the bottom (as in .waiter) and
 * a gap. Sent only with the button.
 */
const WAITER_ROOM = 'body{padding-bottom:calc(3.75rem + max(1rem,env(safe-area-inset-bottom,0px)))}';

/**
 * Dishes' photos: a 72 px thumbnail beside the dish and the larger view the script opens on tap. Sent
 * only with a photo on the page: a menu without photos costs nothing more (0052).
 */
const PHOTO_STYLES =
  '.pic{display:flow-root}.ph{float:left;position:relative;z-index:1;margin:.15rem .75rem .2rem 0;border-radius:8px}.ph img{display:block;width:72px;height:72px;object-fit:cover;border-radius:8px;background:var(--divider,#e4dad3)}.ph:focus-visible,.photo button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}' +
  '.photo{padding:0;border:0;border-radius:12px;width:min(92vw,30rem);background:#fff;overflow:hidden}.photo::backdrop{background:rgba(0,0,0,.75)}.photo img{display:block;width:100%;height:auto}.photo p{margin:0;padding:.6rem 3.5rem .7rem 1rem;color:#1f1f1f;font-weight:600}.photo button{position:absolute;right:.5rem;bottom:.4rem;font:inherit;font-weight:700;padding:.35rem .8rem;border:0;border-radius:8px;background:var(--main,#7a1f3d);color:var(--btn,#fff);cursor:pointer}';

/**
 * The club's links under the header and the Wi-Fi's box (0087): sent only with a link on the page. The
 * password is in a monospace face, where l, 1, O and 0 are told apart.
 */
const LINK_STYLES =
  '.links{max-width:46rem;margin:0 auto;padding:0 1rem .5rem;display:flex;flex-wrap:wrap;gap:.4rem}.links a{font-size:.85rem;padding:.3rem .75rem;border-radius:999px;border:1px solid var(--divider,#e4dad3);text-decoration:none}.links a:focus-visible,.wifi-act button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}' +
  '.wifi-box{border:0;border-radius:12px;padding:1.25rem;width:min(92vw,22rem);background:#fff;color:#1f1f1f}.wifi-box::backdrop{background:rgba(0,0,0,.6)}.wifi-box h2{margin:0 0 .75rem;font-size:1.2rem}.wifi-box dl,.wifi-page{margin:0}.wifi-box dt,.wifi-page dt{font-size:.85rem;opacity:.75}.wifi-box dd,.wifi-page dd{margin:0 0 .75rem;font-weight:700;font-size:1.1rem;overflow-wrap:anywhere}.wifi-pass{font-family:ui-monospace,Menlo,Consolas,monospace;user-select:all}.wifi-note{margin:0;font-size:.9rem}.wifi-note:empty{display:none}' +
  '.wifi-act{display:flex;gap:.5rem;margin:.75rem 0 0}.wifi-act button{flex:1 1 auto;font:inherit;font-weight:700;padding:.6rem 1rem;border:0;border-radius:8px;background:var(--main,#7a1f3d);color:var(--btn,#fff);cursor:pointer}.wifi-act .wifi-close{flex:0 0 auto;background:#ececec;color:#1f1f1f}.wifi-act button[hidden]{display:none}';

/** The owner's preview banner: a strip above the page, in colours no theme uses for its own content. */
const PREVIEW_STYLE =
  '.preview{margin:0;padding:.65rem 1rem;text-align:center;font-weight:600;font-size:.95rem;line-height:1.35;background:repeating-linear-gradient(135deg,#1e3a8a 0 14px,#1d4ed8 14px 28px);color:#fff}';

const readableOn = (background: string) =>
  /^#[0-9a-fA-F]{6}$/.test(background) &&
  contrastRatio('#ffffff', background) < contrastRatio('#1a1a1a', background)
    ? '#1a1a1a'
    : '#ffffff';

const themeVariables = (theme: Theme | null) => {
  if (!theme) return '';
  const variables: Record<string, string> = {
    '--bg': theme.background,
    '--text': theme.text,
    '--main': theme.main,
    '--btn': theme.buttonText,
    '--divider': theme.divider,
    '--tab-bg': theme.tabBackground,
    '--tab-text': theme.tabText,
    '--best': theme.bestSellerLabelColor,
    '--sugg': theme.suggestedLabelColor,
    // Label text is dark or white, whichever reads better on the theme's label colour.
    '--best-text': readableOn(theme.bestSellerLabelColor),
    '--sugg-text': readableOn(theme.suggestedLabelColor),
    '--font': `"${theme.font}"`,
    ...(theme.backgroundImage ? { '--bg-image': `url(${theme.backgroundImage})` } : {}),
  };
  return Object.entries(variables)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
};

type Document = {
  language: GuestLanguage;
  title: string;
  body: Html;
  theme?: Theme | null;
  script?: string | undefined;
  refreshSeconds?: number;
  /** Where the theme's font is served; without it the page reads in the phone's own font. */
  fontUrl?: string | undefined;
  /** The page shows the call-waiter button, and leaves room for it. */
  hasWaiterButton?: boolean;
  /** The page shows dishes' photos, and their styles. */
  hasPhotos?: boolean;
  /** A dish shows a price by time in force (0086), and its styles. */
  hasTimePrices?: boolean;
  /** A dish shows variants (0085), and their styles. */
  hasVariants?: boolean;
  /** The owner's preview of a club waiting for activation (0073): marked as such, never indexed. */
  isPreview?: boolean;
  /** The page shows the club's links (0087), and their styles. */
  hasLinks?: boolean;
  /** Share tags in the head (0087). */
  seoHead?: Html | null;
  /** What closes the body (a table page's structured data, 0087). */
  tail?: Html | null;
  /** A page no search engine should keep (the Wi-Fi's). */
  isNoIndex?: boolean;
};

const documentOf = ({
  language,
  title,
  body,
  theme = null,
  script,
  refreshSeconds,
  fontUrl,
  hasWaiterButton = false,
  hasPhotos = false,
  hasTimePrices = false,
  hasVariants: hasVariantLines = false,
  isPreview = false,
  hasLinks = false,
  seoHead = null,
  tail = null,
  isNoIndex = false,
}: Document): Html => {
  const previewBanner = guestMessages[language].previewBanner;
  const preview = isPreview
    ? {
        head: raw(`<meta name="robots" content="noindex,nofollow"><style>${PREVIEW_STYLE}</style>`),
        body: html`<p class="preview" role="status">${previewBanner}</p>`,
      }
    : { head: null, body: null };
  // The font never holds the text back: preloaded, and used only if it arrives in time for the first
  // paint (`optional`); otherwise the next visit has it from the cache.
  const hasFont = Boolean(theme && fontUrl);
  const styles = `${STYLES}${hasWaiterButton ? WAITER_ROOM : ''}${hasPhotos ? PHOTO_STYLES : ''}${hasTimePrices ? TIME_PRICE_STYLES : ''}${hasVariantLines ? VARIANT_STYLES : ''}${hasLinks ? LINK_STYLES : ''}`;
  return html`<!doctype html><html lang="${language}"${theme && html` style="${themeVariables(theme)}"`}${
    refreshSeconds ? html` data-refresh="${refreshSeconds}"` : null
  } data-offline="${chrome[language].lastUpdated}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover"><link rel="icon" href="data:,"><meta name="theme-color" content="${theme?.tabBackground ?? '#faf7f5'}"><title>${
    isPreview ? `${previewBanner.split(':')[0]?.trim()} · ${title}` : title
  }</title>${seoHead}${isNoIndex && NO_INDEX}${preview.head}${
    hasFont && html`<link rel="preload" href="${fontUrl}" as="font" type="font/woff2" crossorigin>`
  }<style>${
    theme && hasFont
      ? html`@font-face{font-family:"${raw(theme.font)}";src:url(${raw(fontUrl ?? '')}) format("woff2");font-weight:100 900;font-display:optional;unicode-range:${raw(LATIN_RANGE)}}`
      : null
  }${raw(styles)}</style>${raw(NO_SCRIPT)}${script && html`<script type="module" src="${script}"></script>`}</head><body>${preview.body}${body}${tail}</body></html>`;
};

type FontProps = { fontUrl?: string | undefined; isPreview?: boolean; script?: string | undefined };

const noticeDocument = (props: NoticePageProps & { theme?: Theme | null } & FontProps) =>
  documentOf({
    language: props.language,
    title: props.clubName ?? 'Carta',
    body: noticePage(props),
    theme: props.theme ?? null,
    fontUrl: props.fontUrl,
  });

/** A page with one message, every value known. */
export const renderNoticePage = (props: NoticePageProps & { theme?: Theme | null } & FontProps) =>
  renderHtml(noticeDocument(props));
/** The club's Wi-Fi for a phone without the script: never indexed (0087). */
export const renderWifiPage = (props: WifiPageProps & { theme?: Theme | null } & FontProps) =>
  renderHtml(
    documentOf({
      language: props.language,
      title: `Wi-Fi · ${props.clubName}`,
      body: wifiPage(props),
      theme: props.theme ?? null,
      fontUrl: props.fontUrl,
      hasLinks: true,
      isNoIndex: true,
    }),
  );

/** A page with one message whose link may depend on the table. */
export const prepareNoticePage = (props: NoticePageProps & { theme?: Theme | null } & FontProps) =>
  prepare(noticeDocument(props));

const menuDocument = (props: MenuPageProps & FontProps) => {
  const seo = props.isPreview ? null : menuPageSeo(props, props.seo);
  return documentOf({
    language: props.language,
    title: `${menuName(props.menu, props.language)} · ${props.clubName}`,
    body: menuPage({ ...props, structuredData: seo?.data ?? null }),
    theme: props.menu.theme,
    script: props.script,
    refreshSeconds: props.menu.refreshTime,
    fontUrl: props.fontUrl,
    hasWaiterButton: Boolean(props.menu.callWaiterEnabled && props.waiter),
    hasPhotos: props.menu.sections.some((section) => section.items.some((item) => item.photo)),
    hasTimePrices: hasTimePrices(props.menu.sections),
    hasVariants: hasVariants(props.menu.sections),
    isPreview: props.isPreview ?? false,
    hasLinks: hasGuestLinks(props.menu.clubLinks, props.wifi ?? null),
    seoHead: seo?.head ?? null,
  });
};

const tableDocument = (props: TablePageProps & FontProps) => {
  const seo = props.isPreview ? null : tablePageSeo(props, props.seo);
  return documentOf({
    language: props.language,
    title: props.table.clubName,
    body: tablePage(props),
    theme: props.table.theme,
    script: props.script,
    fontUrl: props.fontUrl,
    hasWaiterButton: Boolean(props.table.callWaiterEnabled && props.waiter),
    isPreview: props.isPreview ?? false,
    hasLinks: hasGuestLinks(props.table.clubLinks, props.wifi ?? null),
    seoHead: seo?.head ?? null,
    tail: seo?.data ?? null,
  });
};

/** A menu page for every table at once: what differs per table is left in slots (html.ts). */
export const prepareMenuPage = (props: MenuPageProps & FontProps): PreparedPage =>
  prepare(menuDocument(props));
export const prepareTablePage = (props: TablePageProps & FontProps): PreparedPage =>
  prepare(tableDocument(props));

/** One table's menu page, every value known (the owner's preview). */
export const renderMenuPage = (props: MenuPageProps & FontProps) => renderHtml(menuDocument(props));
export const renderTablePage = (props: TablePageProps & FontProps) => renderHtml(tableDocument(props));

export type { WifiLinks } from './guest-links.ts';
export type { TableBits } from './html.ts';
export { fillSlots, type PreparedPage, pageFor } from './html.ts';
export type { ContactFields } from './menu-page.ts';
/** The texts in the reading language, as the menu page takes them: the printed menu takes them so too. */
export { itemTexts, menuFooter, menuName, sectionName } from './menu-page.ts';
export type { PageSeo, SeoAddress } from './seo-fields.ts';
export type { LanguageChoice, NoticeKind };
