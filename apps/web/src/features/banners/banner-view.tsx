import type { Theme } from '@carta/contract/entities';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneFrame } from '../../components/phone-frame.tsx';
import { themeFontFamily, useThemeFonts } from '../../components/theme-fonts.ts';

/** What a banner shows, whether saved or being edited. */
export type BannerLook = {
  title: string;
  subtitle?: string | null | undefined;
  description?: string | null | undefined;
  price: string;
  forYou?: boolean | undefined;
  image: { src: string; srcSet?: string | undefined } | null;
};

type Colours = Pick<
  Theme,
  'background' | 'text' | 'main' | 'buttonText' | 'tabBackground' | 'tabText' | 'divider'
> & {
  font: string;
  backgroundImage?: string | null;
};

/** The guest pages' own colours when a menu has no theme (apps/guest/src/render.tsx). */
export const DEFAULT_COLOURS: Colours = {
  background: '#faf7f5',
  text: '#2b2220',
  main: '#7a1f3d',
  buttonText: '#ffffff',
  tabBackground: '#ffffff',
  tabText: '#2b2220',
  divider: '#e4dad3',
  font: 'system-ui',
};

/** The banner as guests see it at the top of the menu (apps/guest/src/menu-page.tsx), in the theme's colours. */
export const BannerView = ({ banner, colours }: { banner: BannerLook; colours: Colours }) => {
  const { t } = useTranslation();
  // An image that does not load (a key edited in the address) is left out rather than drawn broken.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const image = banner.image?.src === failedSrc ? null : banner.image;
  return (
    <Box
      data-testid="banner-view"
      sx={{
        display: 'flex',
        gap: 1.5,
        p: 1.5,
        borderRadius: '12px',
        bgcolor: colours.main,
        color: colours.buttonText,
        overflowWrap: 'anywhere',
        fontFamily: themeFontFamily(colours.font),
      }}
    >
      {image && (
        <Box
          component="img"
          src={image.src}
          srcSet={image.srcSet}
          onError={() => setFailedSrc(image.src)}
          sizes="96px"
          alt=""
          width={96}
          height={96}
          sx={{ width: 96, height: 96, borderRadius: 2, flexShrink: 0, objectFit: 'cover' }}
        />
      )}
      <Box sx={{ minWidth: 0 }}>
        {banner.forYou && (
          <Box
            component="span"
            sx={{
              display: 'inline-block',
              px: 0.75,
              borderRadius: 1,
              fontSize: 12,
              fontWeight: 700,
              bgcolor: colours.buttonText,
              color: colours.main,
            }}
          >
            {t('banner.forYouMark')}
          </Box>
        )}
        <Box component="h2" sx={{ m: 0, fontSize: 17, fontWeight: 700, fontFamily: 'inherit' }}>
          {banner.title || t('banner.titlePlaceholder')}
        </Box>
        {banner.subtitle && <Box sx={{ fontSize: 14, fontWeight: 600 }}>{banner.subtitle}</Box>}
        {banner.description && (
          <Box sx={{ fontSize: 13.5, opacity: 0.92, whiteSpace: 'pre-line' }}>{banner.description}</Box>
        )}
        <Box sx={{ mt: 0.5, fontWeight: 700 }}>{banner.price || t('banner.pricePlaceholder')}</Box>
      </Box>
    </Box>
  );
};

type PhonePreviewProps = {
  /** For screen readers: as guests see it, or as they will once it shows. */
  label: string;
  banner: BannerLook;
  colours: Colours;
  clubName: string;
  menuName: string;
  dishes: { id: number; name: string; price: string }[];
  /** The menu's first categories, as the guests' tab bar shows them. */
  sections: string[];
};

/** A guest's phone at the top of the menu: the banner live as it is typed, in the menu's theme. */
export const BannerPhonePreview = ({
  label,
  banner,
  colours,
  clubName,
  menuName,
  dishes,
  sections,
}: PhonePreviewProps) => {
  const { t } = useTranslation();
  useThemeFonts();
  return (
    <PhoneFrame
      label={label}
      testId="banner-preview"
      look={{ ...colours, fontFamily: themeFontFamily(colours.font) }}
    >
      <Box sx={{ p: 2, pb: 1 }}>
        <Box sx={{ fontSize: 12, opacity: 0.8 }}>{clubName}</Box>
        <Box sx={{ fontSize: 20, fontWeight: 700 }}>{menuName}</Box>
      </Box>
      <Box sx={{ px: 1.25, pb: 1 }}>
        <BannerView banner={banner} colours={colours} />
      </Box>
      <Box
        sx={{
          px: 2,
          py: 1,
          bgcolor: colours.tabBackground,
          color: colours.tabText,
          fontSize: 13,
          fontWeight: 600,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {sections.length > 0 ? sections.join(' · ') : t('banner.previewSections')}
      </Box>
      <Box sx={{ px: 2, py: 0.5 }}>
        {dishes.map((dish, index) => (
          <Box
            key={dish.id}
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 1,
              py: 1,
              fontSize: 14,
              borderTop: index === 0 ? 'none' : `1px solid ${colours.divider}`,
            }}
          >
            <span>{dish.name}</span>
            <span>{dish.price}</span>
          </Box>
        ))}
      </Box>
    </PhoneFrame>
  );
};
