import { chrome } from './chrome.ts';
import { type Html, html } from './html.ts';
import { type GuestLanguage, guestMessages } from './messages.ts';

export type WifiPageProps = {
  language: GuestLanguage;
  clubName: string;
  /** The network and its password (null: an open network); null when it cannot be shown now. */
  wifi: { name: string; password: string | null } | null;
  /** Back to the page the guest came from. */
  back: string | null;
};

/** The club's Wi-Fi on a page of its own, for a phone without the script (0087). */
export const wifiPage = ({ language, clubName, wifi, back }: WifiPageProps): Html => {
  const words = chrome[language];
  return html`<main class="notice">${clubName && html`<p class="club">${clubName}</p>`}<h1>Wi-Fi</h1>${
    wifi
      ? html`<dl class="wifi-page"><dt>${words.wifiNetwork}</dt><dd>${wifi.name}</dd>${
          wifi.password
            ? html`<dt>${words.wifiPassword}</dt><dd class="wifi-pass">${wifi.password}</dd>`
            : html`<dd>${words.wifiOpen}</dd>`
        }</dl>`
      : html`<p>${words.wifiFailed}</p>`
  }${back && html`<p><a href="${back}">${words.backToMenu}</a></p>`}<footer>${guestMessages[language].poweredBy}</footer></main>`;
};
