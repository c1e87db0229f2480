import { ALLERGENS } from '@carta/contract/entities';
import { formatItemPrice } from '@carta/contract/format-price';
import type { GuestImage, GuestItem, GuestMenu } from '@carta/contract/guest';
import { type Chrome, chrome, tableLabel } from './chrome.ts';
import type { GuestLanguage } from './messages.ts';

export type LanguageChoice = { code: string; href: string; isCurrent: boolean };

type ContactFields = Pick<
  GuestMenu,
  | 'clubAddress'
  | 'clubDisplayEmail'
  | 'clubDisplayPhone'
  | 'clubFacebook'
  | 'clubInstagram'
  | 'clubWebsite'
  | 'clubWhatsapp'
>;

const LANGUAGE_NAMES: Record<string, string> = {
  it: 'Italiano',
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
};

export const LanguageSwitch = ({ choices, words }: { choices: LanguageChoice[]; words: Chrome }) =>
  choices.length > 1 ? (
    <nav className="langs" aria-label={words.language}>
      {choices.map((choice) => (
        <a
          key={choice.code}
          href={choice.href}
          hrefLang={choice.code}
          lang={choice.code}
          aria-current={choice.isCurrent ? 'true' : undefined}
        >
          {LANGUAGE_NAMES[choice.code] ?? choice.code}
        </a>
      ))}
    </nav>
  ) : null;

/** The menu's name in the reading language, else as written. */
export const menuName = (menu: Pick<GuestMenu, 'name' | 'nameTranslations'>, language: GuestLanguage) =>
  menu.nameTranslations[language as keyof typeof menu.nameTranslations] || menu.name;

/** The club's logo at 48 px: the browser picks the stored width that suits the screen. */
export const Logo = ({ image }: { image: GuestImage | null }) =>
  image ? (
    <img
      className="logo"
      src={image.src}
      srcSet={image.srcset ?? undefined}
      sizes="48px"
      alt=""
      width={48}
      height={48}
      decoding="async"
    />
  ) : null;

/** The club's ways to be reached, as working links. */
export const Contacts = ({ club, words }: { club: ContactFields; words: Chrome }) => {
  const links = [
    club.clubAddress && {
      href: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(club.clubAddress)}`,
      label: club.clubAddress,
    },
    club.clubDisplayPhone && {
      href: `tel:${club.clubDisplayPhone.replace(/[^\d+]/g, '')}`,
      label: `${words.call} ${club.clubDisplayPhone}`,
    },
    club.clubDisplayEmail && { href: `mailto:${club.clubDisplayEmail}`, label: club.clubDisplayEmail },
    club.clubWhatsapp && { href: `https://wa.me/${club.clubWhatsapp.replace(/\D/g, '')}`, label: 'WhatsApp' },
    club.clubWebsite && { href: club.clubWebsite, label: words.website },
    club.clubInstagram && { href: club.clubInstagram, label: 'Instagram' },
    club.clubFacebook && { href: club.clubFacebook, label: 'Facebook' },
  ].filter((link): link is { href: string; label: string } => Boolean(link));
  if (links.length === 0) return null;
  return (
    <nav className="contacts" aria-label={words.contacts}>
      {links.map((link) => (
        <a key={link.href} href={link.href} rel="noopener">
          {link.label}
        </a>
      ))}
    </nav>
  );
};

/** Where the call-waiter button sends: the JSON call (script) and the form's page (no script). */
export type WaiterLinks = { call: string; form: string };

/**
 * Call waiter: a button that asks to confirm, then a form that works without JavaScript; the script
 * sends it in place and follows the call ("staff notified", then "on the way").
 */
export const WaiterButton = ({
  links,
  tableName,
  words,
}: {
  links: WaiterLinks | null;
  tableName: string;
  words: Chrome;
}) =>
  links ? (
    <details
      className="waiter"
      data-call={links.call}
      data-idle={words.callWaiter}
      data-notified={words.staffNotified}
      data-notified-text={words.staffNotifiedText}
      data-on-the-way={words.onTheWay}
      data-on-the-way-text={words.onTheWayText}
      data-too-soon={words.callTooSoon}
      data-failed={words.callFailed}
    >
      <summary>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
          <path d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2Zm6-6v-5a6 6 0 0 0-5-5.9V4a1 1 0 1 0-2 0v1.1A6 6 0 0 0 6 11v5l-2 2v1h16v-1l-2-2Z" />
        </svg>
        <span className="waiter-label">{words.callWaiter}</span>
      </summary>
      <div className="waiter-panel">
        <form method="post" action={links.form}>
          <p className="waiter-table">{tableLabel(words, tableName)}</p>
          <p>{words.callWaiterConfirm}</p>
          <button type="submit">{words.callWaiterYes}</button>
        </form>
        <p className="waiter-status" role="status" aria-live="polite" />
      </div>
    </details>
  ) : null;

/** A dish's texts in the reading language, each falling back to the original (the printed menu reads them so too). */
export const itemTexts = (
  item: Pick<
    GuestItem,
    | 'name'
    | 'description'
    | 'ingredients'
    | 'priceText'
    | 'additionalNotes'
    | 'translateName'
    | 'translations'
  >,
  language: string,
) => {
  const translation = item.translations[language as keyof typeof item.translations];
  return {
    name: (item.translateName && translation?.translatedName) || item.name,
    description: translation?.translatedDescription || item.description,
    ingredients: translation?.translatedIngredients || item.ingredients,
    // A price text is only read where the item has one: a translation never hides a price.
    priceText: item.priceText && (translation?.translatedPriceText || item.priceText),
    additionalNotes: translation?.translatedAdditionalNotes || item.additionalNotes,
  };
};

/** The menu's footer in the reading language, else as written. */
export const menuFooter = (menu: Pick<GuestMenu, 'footer' | 'footerTranslations'>, language: string) =>
  menu.footer && (menu.footerTranslations[language as keyof typeof menu.footerTranslations] || menu.footer);

/** The banner's texts in the reading language, each falling back to the original. */
export const bannerTexts = (banner: NonNullable<GuestMenu['banner']>, language: string) => {
  const translation = banner.translations[language as keyof typeof banner.translations];
  return {
    title: translation?.title || banner.title,
    subtitle: banner.subtitle && (translation?.subtitle || banner.subtitle),
    description: banner.description && (translation?.description || banner.description),
    price: translation?.price || banner.price,
  };
};

/** A category's name in the reading language, else as written. */
export const sectionName = (
  section: Pick<GuestMenu['sections'][number], 'name' | 'translations'>,
  language: string,
) => section.translations[language as keyof typeof section.translations]?.translatedName || section.name;

/**
 * A dish's photo: a 72 px thumbnail, lazy and decoded off the main thread, its box fixed so nothing
 * moves when it arrives. It links to the largest width, which the script opens in a larger view in
 * place (without the script the link opens the image itself).
 */
const Photo = ({ photo, alt }: { photo: NonNullable<GuestItem['photo']>; alt: string }) => {
  const smallest = photo.variants[0];
  return (
    <a className="ph" href={photo.url}>
      <img
        src={smallest?.url ?? photo.url}
        srcSet={photo.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ') || undefined}
        sizes="72px"
        alt={alt}
        width={72}
        height={72}
        loading="lazy"
        decoding="async"
      />
    </a>
  );
};

const Item = ({
  item,
  language,
  words,
  showLabels,
}: {
  item: GuestItem;
  language: GuestLanguage;
  words: Chrome;
  showLabels: boolean;
}) => {
  const { name, description, ingredients, priceText, additionalNotes } = itemTexts(item, language);
  const searchText = [name, item.name, description, ingredients].filter(Boolean).join(' ').toLowerCase();
  return (
    <li
      className={`item${item.outOfStock ? ' out' : ''}${item.photo ? ' pic' : ''}`}
      data-allergens={item.allergens.join(' ')}
      data-text={searchText}
    >
      {item.photo && <Photo photo={item.photo} alt={words.photoOf.replace('{name}', name)} />}
      <div className="row">
        <h3>{name}</h3>
        <span className="price">{formatItemPrice({ price: item.price, priceText }, { language })}</span>
      </div>
      {description && <p className="desc">{description}</p>}
      {ingredients && <p className="ingr">{ingredients}</p>}
      {additionalNotes && <p className="notes">{additionalNotes}</p>}
      {(showLabels && (item.bestSeller || item.suggested)) || item.outOfStock || item.allergens.length > 0 ? (
        <p className="tags">
          {item.outOfStock && <span className="label out">{words.outOfStock}</span>}
          {showLabels && item.bestSeller && <span className="label best">{words.bestSeller}</span>}
          {showLabels && item.suggested && <span className="label sugg">{words.suggested}</span>}
          {item.allergens.length > 0 && (
            <span className="allergens">
              {`${words.contains}: ${item.allergens.map((code) => words.allergenNames[code] ?? code).join(', ')}`}
            </span>
          )}
        </p>
      ) : null}
    </li>
  );
};

type MenuPageProps = {
  menu: GuestMenu;
  clubName: string;
  tableName: string;
  language: GuestLanguage;
  languages: LanguageChoice[];
  listHref: string | null;
  waiter: WaiterLinks | null;
  /** The printable menu in the reading language, when the club offers it. */
  pdfHref?: string | null;
};

/** A menu as guests read it: sections in a sticky bar, dishes, labels, allergens, banner, footer, contacts. */
export const MenuPage = ({
  menu,
  clubName,
  tableName,
  language,
  languages,
  listHref,
  waiter,
  pdfHref = null,
}: MenuPageProps) => {
  const words = chrome[language];
  const footer = menuFooter(menu, language);
  const banner = menu.banner && bannerTexts(menu.banner, language);
  const hasPhotos = menu.sections.some((section) => section.items.some((item) => item.photo));
  const usedAllergens = ALLERGENS.filter((code) =>
    menu.sections.some((section) => section.items.some((item) => item.allergens.includes(code))),
  );
  return (
    <>
      <header className="top">
        <Logo image={menu.logoImage} />
        <div className="titles">
          <p className="club">{clubName}</p>
          <h1>{menuName(menu, language)}</h1>
          <p className="table">{tableLabel(words, tableName)}</p>
        </div>
        <LanguageSwitch choices={languages} words={words} />
      </header>
      {listHref && (
        <p className="back">
          <a href={listHref}>{`← ${words.allMenus}`}</a>
        </p>
      )}
      {menu.banner && banner && (
        <section className="banner" aria-label={banner.title}>
          {menu.bannerImage && (
            <img
              src={menu.bannerImage.src}
              srcSet={menu.bannerImage.srcset ?? undefined}
              sizes="96px"
              alt=""
              width={96}
              height={96}
              loading="eager"
              decoding="async"
            />
          )}
          <div>
            {menu.banner.forYou && <p className="label for-you">{words.forYou}</p>}
            <h2>{banner.title}</h2>
            {banner.subtitle && <p className="sub">{banner.subtitle}</p>}
            {banner.description && <p>{banner.description}</p>}
            <p className="price">{banner.price}</p>
          </div>
        </section>
      )}
      <nav className="tabs" aria-label={words.sections}>
        {menu.sections.map((section) => (
          <a key={section.id} href={`#s${section.id}`}>
            {sectionName(section, language)}
          </a>
        ))}
      </nav>
      <div className="tools">
        <input type="search" className="search" placeholder={words.search} aria-label={words.search} />
        {usedAllergens.length > 0 && (
          <>
            <details className="filter">
              <summary>{`${words.avoid}…`}</summary>
              <div className="chips">
                {usedAllergens.map((code) => (
                  <label key={code}>
                    <input type="checkbox" value={code} />
                    {words.allergenNames[code]}
                  </label>
                ))}
              </div>
              <fieldset className="mode">
                <legend>{words.allergenMode}</legend>
                <label>
                  <input type="radio" name="allergen-mode" value="mark" defaultChecked />
                  {words.markThem}
                </label>
                <label>
                  <input type="radio" name="allergen-mode" value="hide" />
                  {words.hideThem}
                </label>
              </fieldset>
            </details>
            <p
              className="filtered"
              data-one={words.hiddenByFilterOne}
              data-many={words.hiddenByFilterMany}
              hidden
            />
          </>
        )}
        <p className="empty" hidden>
          {words.noResults}
        </p>
      </div>
      <main data-close={hasPhotos ? words.closePhoto : undefined}>
        {menu.sections.map((section) => (
          <section key={section.id} id={`s${section.id}`} className="section">
            <h2>{sectionName(section, language)}</h2>
            <ul>
              {section.items.map((item) => (
                <Item
                  key={item.id}
                  item={item}
                  language={language}
                  words={words}
                  showLabels={menu.menuLabelEnabled}
                />
              ))}
            </ul>
          </section>
        ))}
      </main>
      {pdfHref && (
        <p className="back">
          <a href={pdfHref} download>
            {words.downloadPdf}
          </a>
        </p>
      )}
      {footer && <p className="menu-footer">{footer}</p>}
      <Contacts club={menu} words={words} />
      <WaiterButton links={menu.callWaiterEnabled ? waiter : null} tableName={tableName} words={words} />
    </>
  );
};
