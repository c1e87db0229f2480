import type { ClubDetails } from '@carta/contract/entities';
import { planAllows } from '@carta/contract/plan-features';

// Whether guests see a menu's banner, as the guest pages decide it (apps/api/src/features/guest/
// guest-view.ts: switched on and allowed by the plan), so the banner screens never say a hidden banner
// shows (docs/decisions/0065-payment-screen-renders-the-server.md).

/** Shown; kept but hidden by the Free plan until Smart; or kept but switched off in the settings. */
export type BannerVisibility = 'shown' | 'hiddenByPlan' | 'switchedOff';

export const bannerVisibility = (
  club: Pick<ClubDetails, 'plan' | 'bannerUpdateEnabled'>,
): BannerVisibility =>
  !planAllows(club.plan, 'promotions') ? 'hiddenByPlan' : !club.bannerUpdateEnabled ? 'switchedOff' : 'shown';

/** What the toast says once the banner is saved: where guests see it, or that it waits hidden. */
export const savedMessageKey = (visibility: BannerVisibility, isNew: boolean) =>
  visibility === 'hiddenByPlan'
    ? 'banner.savedHiddenByPlan'
    : visibility === 'switchedOff'
      ? 'banner.savedSwitchedOff'
      : isNew
        ? 'banner.created'
        : 'banner.saved';

/** The preview's title and its label for screen readers: as guests see it, or as they will. */
export const previewKeys = (visibility: BannerVisibility) =>
  visibility === 'shown'
    ? { title: 'banner.previewTitle', label: 'banner.previewLabel' }
    : {
        title: `banner.previewTitleHidden.${visibility}`,
        label: `banner.previewLabelHidden.${visibility}`,
      };

/** Under a saved banner kept hidden, why; nothing when guests see it. */
export const hiddenNoteKey = (visibility: BannerVisibility) =>
  visibility === 'shown' ? null : `banner.hiddenNote.${visibility}`;
